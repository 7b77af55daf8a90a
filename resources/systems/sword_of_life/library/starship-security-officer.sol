{
  "format": "sword-of-life.character",
  "version": 1,
  "name": "Starship security officer",
  "career": "Military (starship security)",
  "characteristics": {
    "edge": 6,
    "grip": 6,
    "point": 4,
    "temper": 4
  },
  "specialties": {
    "edge": [
      {
        "name": "direct-fire weapon",
        "in_career": true
      }
    ],
    "grip": [
      {
        "name": "tough to kill",
        "in_career": true
      }
    ]
  },
  "notes": "Edge 6 like the text's officer who fights two Edge-3 humans."
}
