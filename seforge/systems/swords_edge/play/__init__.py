"""Play at the table: sessions and scenes, Luck, Stress and Doom, Advancements, Stunts.

Every public operation changes a :class:`~seforge.systems.swords_edge.models.Character`
in place, adds a :class:`~seforge.systems.swords_edge.models.HistoryEntry` (with a
compact snapshot of the character after the change) and raises
:class:`~.guards.RefusedError` when the rules refuse. Each operation checks
everything before it changes anything, so a refusal leaves the character as it was.

Modules: :mod:`.session` (sessions and scenes), :mod:`.luck` (Luck and rolls),
:mod:`.stress` (Stress and Doom), :mod:`.recovery` (end of day and week),
:mod:`.advancement` (Advancements and Stunts), :mod:`.pivots`, :mod:`.state` (reading
a character in play), :mod:`.history` (snapshots, restore, state at any entry),
:mod:`.keys` (Quality keys), :mod:`.summary` and :mod:`.guards` (the refusals).
Import from the module that holds a name.

Rule readings (book section in brackets):

* Luck is only held during a session: ``start_session`` sets it (3 unless the GM
  says otherwise) and ``end_session`` drops what is left [*Luck*, *Gaining Luck*].
  Luck can remove Penalty Ranks only when a scene ends, and only those taken in that
  scene, so that use goes through :func:`.session.end_scene` [*Luck*, *Recovery*].
* A Penalty Rank lowers its Trait one Rank. The Trait cannot sink below Weak: a
  Penalty Rank that would land on a Weak Trait is not recorded but brings a Doom.
  Legendary Stress always brings a Doom [*Damage*, *Doom*].
* SFX Qualities carry their own Penalty Ranks (keyed by the Element's name), from
  failed Arcane Tests; one such failure also puts one on the linked Trait. Recovery,
  Luck and the end-of-session Advancement remove them like Trait Penalty Ranks
  [*SFX Qualities*, *Luck* ("see ... Sorcery")].
* Recovery at the end of a scene removes only that scene's Penalty Ranks (Average 1,
  Good 1, Great 2, Exceptional 2, Legendary 3); the end-of-day Test removes any (one
  per Level: Average 1 ... Legendary 5) and a week removes one by itself
  [*Recovery*]; the tables come from
  :func:`seforge.systems.swords_edge.resolution.recovery.recovery_removed`.
  Unless the caller gives an order, each removal takes from the Quality with the most
  removable Penalty Ranks (Traits before SFX on a tie).
* A Doom waits until the table resolves it: "averted" spends a Pivot Advancement and
  takes the character out of the scene; "survived" adds a Poor Weakness on the Trait
  and also takes the character out of the scene; "out" marks the character dead or
  gone. A Doom from Legendary Stress adds a Basic Weakness unless the character is
  out, even when averted [*Doom*, *Damage*, *Advancement*].
* A Critical Failure Advancement can only raise a Quality used in that Test (a
  Trait only when the Trait alone was used); it cannot be spent as Luck, on clearing
  Penalty Ranks or on averting a Doom, because the book says it "must be used in a
  very specific manner" [*Advancement*, *Critical Failure*]. It is not bound by the
  once-a-session limit, which the book puts under "In other cases".
* A Pivot Advancement may raise a Concept, Background, Faculty or Element one Rank or
  buy a new Quality at Good, once a session (a use between sessions counts for the
  session just ended); clear all Penalty Ranks only after a session has ended and
  before the next starts; or become one Luck during a session [*Advancement*].
* Legendary is the highest Rank a Quality can be raised to. A Weakness (or Fetish)
  raised to Average is removed from the character [*Weakness*].
* Pivots may be changed when no session is running, or during the first scene of a
  session until anything else has happened in it [*Pivots*: "at the beginning or end
  of a session, but not at any other time"].
* A Pivot Advancement is earned at once when the Pivot comes into play, at most one
  per scene [*Pivots*]; the sheet's "at end of scene" only says when it is counted.

Raising a Quality also counts the step in its ``advanced`` counter (a Trait in
``character.trait_advanced``) so the creation budget in ``seforge.systems.swords_edge.budget``
still sees
the Rank the Quality was bought at.
"""
