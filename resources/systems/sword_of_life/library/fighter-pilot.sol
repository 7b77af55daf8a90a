{
  "format": "sword-of-life.character",
  "version": 1,
  "name": "Space fighter pilot",
  "career": "Military (space fighter pilot)",
  "characteristics": {
    "edge": 5,
    "grip": 5,
    "point": 5,
    "temper": 5
  },
  "specialties": {
    "edge": [
      {
        "name": "space fighter pilot",
        "in_career": true
      }
    ],
    "point": [
      {
        "name": "starship navigation",
        "in_career": true
      }
    ]
  },
  "notes": "Edge 5, as the pilot who flies through defensive fire to hit the engines."
}
