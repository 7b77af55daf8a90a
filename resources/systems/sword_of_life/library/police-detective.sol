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
  "notes": "The text's own example of effective ratings (Point 4): police matters 4, architecture 3, and the specialty ancient history at 4 (outside the career: +1 and -1). One specialty per characteristic: had he taken interviewing witnesses instead, it would be 5."
}
