"""How a Sword's Edge Test is resolved, one module per topic (pure core, no Qt).

- :mod:`.tns`: the TN an NC or a group of NCs sets; the Momentum bonus and the
  penalty for acting again.
- :mod:`.ranges`: range bands and their Penalty Ranks.
- :mod:`.stress`: Penalty Ranks, Stress per Level, Doom, Stress on NCs.
- :mod:`.undefended`: Undefended characters, a failed Seize, defender benefits.
- :mod:`.recovery`: Recovery Tests and what they remove.
- :mod:`.sfx`: the SFX Component Table and SFX TNs.
- The Test in progress: :mod:`.steps` (Momentum, Action, Seize), :mod:`.qualities`
  (a PC's Qualities, keys and Luck), :mod:`.opponents` (the NCs faced),
  :mod:`.breakdown` (a TN and its parts), :mod:`.verdicts` (what a roll did) and
  :mod:`.tips` (the calculator's rule explanations).

Import from the module that holds a name; this package re-exports nothing.
"""
