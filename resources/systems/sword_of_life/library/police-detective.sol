{
  "format": "sword-of-life.character",
  "version": 1,
  "name": "Police detective",
  "career": "Police",
  "characteristics": {
    "edge": 4,
    "grip": 4,
    "point": 4,
    "temper": 8
  },
  "specialties": {
    "point": [
      {
        "name": "interviewing witnesses",
        "in_career": true
      }
    ],
    "temper": [
      {
        "name": "ancient history",
        "in_career": false
      }
    ]
  },
  "skills": [
    {
      "name": "architecture",
      "characteristic": "point",
      "in_career": false,
      "highly_specialised": false
    }
  ],
  "notes": "The text's own example of effective ratings: police matters 4, interviewing witnesses 5, architecture 3, ancient history at Point."
}
