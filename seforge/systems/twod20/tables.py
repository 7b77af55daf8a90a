"""The GM screen's reference tables for both 2d20 profiles, as data with their source.

Numbers come from the documents (through the reading notes ``2d20.md`` §3); every description is
our own short wording, never the documents' sentences. Each table is the core's
:class:`~seforge.core.reference.ReferenceTable`, tagged with the profiles it belongs to; its
source names the book and the section (with lines for the SRD text, the panel for the Conan
screen), and its origin whether it is stated in the text or an external convention.
"""

from __future__ import annotations

from collections.abc import Sequence

from seforge.core.reference import ReferenceSource, ReferenceTable
from seforge.systems.twod20.attacks import RANGE_STEPS, RANGES
from seforge.systems.twod20.profiles import Profile

SRD_FILE = "2d20-srd-action-and-conflict.txt"
CONAN_FILE = "conan-2d20-gm-screen.txt"
BOTH = (Profile.SRD2022, Profile.CONAN)
ONLY_SRD = (Profile.SRD2022,)
ONLY_CONAN = (Profile.CONAN,)


def _srd(section: str, lines: str = "", *also: ReferenceSource) -> ReferenceSource:
    """A section of the SRD's "Action and Conflict" chapter (the text has no pages)."""
    return ReferenceSource(SRD_FILE, section, f"L{lines}" if lines else "", book="2d20 SRD",
                           also=also)


def _conan(*panels: str, also: tuple[ReferenceSource, ...] = ()) -> ReferenceSource:
    """Panels of the Conan GM screen."""
    return ReferenceSource(CONAN_FILE, panel=", ".join(panels), book="Conan GM screen",
                           also=also)


def profiles_of(table: ReferenceTable) -> tuple[Profile, ...]:
    """The profiles a table belongs to (its tags)."""
    return tuple(Profile(tag) for tag in table.tags)


def _t(id: str, title: str, profiles: tuple[Profile, ...], columns: tuple[str, ...],
       rows: Sequence[Sequence[object]], source: ReferenceSource,
       note: str = "") -> ReferenceTable:
    return ReferenceTable(id, title, columns,
                          tuple(tuple(str(cell) for cell in row) for row in rows),
                          notes=note, source=source,
                          tags=tuple(profile.value for profile in profiles))


TABLES: tuple[ReferenceTable, ...] = (
    _t("difficulty", "Difficulty ladder", BOTH, ("D", "Name", "For example"), [
        (0, "Simple", "a door that sticks a little; a well-known topic; a still practice target"),
        (1, "Average", "a simple lock; a specialist topic; a foe at the weapon's best range"),
        (2, "Challenging", "a complex lock; obscure facts; best range but poor light"),
        (3, "Daunting", "a complex lock in a hurry; old history; long range in poor light"),
        (4, "Dire", "as above without tools; esoteric history; long range, dark and rain"),
        (5, "Epic", "as above mid-battle; history someone hid; extreme range, dark and rain"),
    ], _conan("Test difficulty"),
        note="Difficulty is the number of successes needed; modifiers may push it past 5."),
    _t("difficulty-modifiers", "Difficulty modifiers", ONLY_CONAN, ("Condition", "Steps"), [
        ("Several small hindrances together", "+1"),
        ("Bright moonlit night / cloudy night / total darkness", "+1 / +2 / +3"),
        ("Difficult terrain (movement tests)", "GM: +steps, or a test where none was needed"),
        ("Disruption or distraction", "by how severe it is"),
        ("Each range band beyond Close (skills used at a distance)", "+1 per band"),
        ("No proper tools / away from a proper workplace", "+1 / +1"),
        ("Social test in a language not spoken fluently", "+1"),
        ("Crowd noise / mob or battle noise", "+1 / +2"),
        ("Severe weather", "+1"),
        ("Random motion (galloping horse, choppy sea)", "+1"),
        ("Distrust, rival faction, a perceived slight", "+1 or more"),
        ("Unfamiliar or complex task", "GM's call"),
    ], _conan("Difficulty modifiers")),
    _t("range-matrix", "Ranged attack Difficulty by range", ONLY_SRD,
       ("Weapon's range", *RANGES),
       [(weapon, *(f"+{step}" for step in steps)) for weapon, steps in RANGE_STEPS.items()],
       _srd("Range", "593-629"),
        note="Added to the attack's base Difficulty (a setting: D2 by default, see notes §6)."),
    _t("zones", "Range bands and zones", BOTH,
       ("Band", "Zones away", "Grid (m / ft)", "Moving there"), [
        ("Reach", "arm's length", "2 / 6", "part of any move ending in the target's zone"),
        ("Close", "0 (same zone)", "10 / 30", "Free (Conan) or part of a move"),
        ("Medium", "1", "25 / 80", "Minor action (Movement)"),
        ("Long", "2", "50 / 160", "Standard action (Conan: +1 Difficulty to your tests until "
         "your next turn)"),
        ("Extreme", "3+", "beyond 50 / 160", "not in one action"),
    ], _srd("Distances, with its grid variant", "381-406", _conan("Distances"))),
    _t("perception", "Noticing things and observation", ONLY_SRD, ("Factor", "Difficulty"), [
        ("Target not hiding, in plain view", "D0"),
        ("Within Reach / Close / Medium / Long / beyond", "-1 / +0 / +1 / +2 / +3"),
        ("Observer focused / not distracted / slightly distracted", "-1 / +0 / +1"),
        ("Observer lazy / drunk / asleep", "+2 / +3 / +4"),
        ("Sudden change of light", "+1"),
        ("Speech: Close normal, Medium shouting, further only noticed", "-"),
    ], _srd("Distance and Perception", "407-427", _srd("Observation Tests", "1768-1857"))),
    _t("srd-actions", "Actions (SRD)", ONLY_SRD, ("Type", "Action", "Test", "What it does"), [
        ("Major", "Aid", "Coordination or Will + Survive, D2",
         "an ally in Reach removes Stress = your Survive, +2 per Momentum"),
        ("Major", "Assist", "-", "help an ally's test; uses up your turn this round"),
        ("Major", "Attack", "see the attack steps", "melee, ranged or mental"),
        ("Major", "Create Advantage", "suitable test, D2", "make a Trait that helps or hinders"),
        ("Major", "Overcome", "per extended task", "on success roll [CD] against the task"),
        ("Major", "Pass", "-", "with no Minor action either, your turn is not used"),
        ("Major", "Protect", "Coordination or Insight + Survive, D1",
         "attacks on the protected one are +1 Difficulty until their next turn"),
        ("Major", "Ready", "-", "name a trigger and a Major action to interrupt with"),
        ("Major", "Recover", "Will + Survive, D2 (D1 in cover)",
         "remove Stress = Survive, +2 per Momentum; re-roll Cover or Morale dice"),
        ("Major", "Rush", "Agility + Move, D0", "move a zone, +1 zone per Momentum"),
        ("Minor", "Aim", "-", "re-roll one d20 of an attack before your next turn"),
        ("Minor", "Bolster", "-", "+2[CD] Morale to you or an ally in Close"),
        ("Minor", "Defend", "-", "+2[CD] Cover to you or an ally in Reach"),
        ("Minor", "Disengage", "-", "leave enemy Reach within your zone"),
        ("Minor", "Draw Item / Interact / Prepare", "-", "handle gear, use simple things"),
        ("Minor", "Drop Prone / Stand", "-",
         "prone: ranged from Medium+ at +1 Difficulty, close attackers +1 bonus Momentum"),
        ("Minor", "Movement", "-", "anywhere within Medium range"),
        ("Minor", "Extra Minor action", "-", "1 Momentum or +1 Threat each; each once a turn"),
        ("Free", "Drop, Shift, Speak", "-", "no test; Shift once a turn"),
        ("Reaction", "Hit the Dirt", "-",
         "when shot at: move in Close, go prone, +2[CD] Cover and Morale until next turn"),
        ("Limit", "Per round", "-", "at most 2 Major actions and 1 Reaction"),
    ], _srd("Actions", "107-321")),
    _t("conan-actions", "Actions (Conan)", ONLY_CONAN, ("Type", "Actions"), [
        ("Free", "Adjust (move in Close or in/out of Reach), Drop Item, Drop Prone, Simple Task, "
         "Speak"),
        ("Minor", "Clear (end a condition), Draw Item, Movement (within Medium), Regain Guard "
         "(Parry test), Stand"),
        ("Standard", "Assist, Attack, Brace, Exploit, Pass, Ready, Recover, Skill Test, Sprint "
         "(within Long), Treatment, Withdraw"),
        ("Reaction", "Defend, Protect, Retaliate"),
        ("Trades", "a Standard can become a Minor; a Minor can become any number of Free"),
        ("Attack", "declare type (Melee, Ranged, Threaten), target and weapon or method; "
         "test at D1, a Struggle if the target Defends; then damage, soak, stress, harm"),
    ], _conan("Summary of actions", "Combat", "Turn sequence")),
    _t("srd-momentum", "Momentum spends (SRD)", ONLY_SRD, ("Spend", "Cost", "Effect"), [
        ("Bonus Damage", "1, repeatable", "+1[CD] damage on a hit"),
        ("Confidence", "1, repeatable", "+1[CD] Morale (up to 4) for the scene"),
        ("Create Advantage", "2", "a Trait helping a friend or hindering a foe"),
        ("Disarm", "2 or 3", "knock a weapon into Reach (3 if held two-handed)"),
        ("Minor Action", "1, repeatable", "one more Minor action"),
        ("Penetration", "1, repeatable", "ignore 2 Resistance per point"),
        ("Re-roll Damage", "1", "re-roll any damage dice"),
        ("Second Wind", "1, repeatable", "remove 1 Stress per point"),
        ("Secondary Target", "2", "a second foe in Reach takes half, rounded up"),
        ("Subdue", "1", "Harms dealt last only until the next scene"),
        ("Swift Action", "2", "one more Major action, its test +1 Difficulty"),
        ("Trip", "1", "before damage: the attack gains Knockdown"),
        ("Keep the initiative", "2", "an ally acts next (or +2 Threat)"),
        ("Pursuit: Bonus Pace / Evasion / Hindrance", "1 each", "+1 total / -2 obstacle "
         "Resistance / +1 track Resistance"),
        ("Stealth: search again / slip away", "2", "lower the sneaker's state again / raise "
         "your own"),
    ], _srd("Common Conflict Momentum", "1067-1110", _srd("Action Order"),
            _srd("Abstract Pursuit"), _srd("Stealth and Infiltration"))),
    _t("conan-momentum", "Momentum spends (Conan)", ONLY_CONAN, ("Spend", "Cost", "Effect"), [
        ("Bonus Damage", "1, repeatable", "+1 damage per point (flat)"),
        ("Break Guard", "2", "on an attack or Defend: the target loses Guard"),
        ("Called Shot", "2", "choose the hit location"),
        ("Change Stance", "1", "go prone or stand"),
        ("Confidence", "1, repeatable", "+1 Morale soak die (up to 4) until your next turn"),
        ("Disarm", "2 or 3", "knock a weapon into Reach (3 if braced or two-handed)"),
        ("Penetration", "1, repeatable", "ignore 2 Soak per point"),
        ("Re-roll Damage", "1", "re-roll any damage dice"),
        ("Second Wind", "1, immediate, repeatable", "regain 1 Vigor or Resolve per point"),
        ("Secondary Target", "2", "a second foe in Reach takes half; random location"),
        ("Subdue", "1", "the attack gains Nonlethal"),
        ("Swift Action", "2", "one more Standard action, its test +1 Difficulty"),
        ("Withdraw", "1", "leave enemy Reach without a Retaliate"),
    ], _conan("Momentum spends")),
    _t("threat", "Threat: what PCs add, what the GM spends", ONLY_SRD,
       ("Use", "Threat", "Who"), [
        ("Keep the initiative / open the next round", "+2", "PC adds (NPC spends)"),
        ("An extra Minor action", "+1", "PC adds (NPC spends)"),
        ("Act earlier (initiative-score variant)", "+2", "PC adds (NPC spends)"),
        ("Each Reaction in a round (defensive variant)", "+1, +2, +3...", "PC adds"),
        ("Lethal attack (variant)", "+1", "PC adds (NPC spends)"),
        ("Avoid an injury (variant)", "+2 or the attack's cost", "PC adds (NPC spends)"),
        ("Perilous effect / Uncertain Cover", "+1 per Effect", "added"),
        ("Escalation Setback", "+2", "added"),
        ("An NPC opens the conflict", "2", "GM spends"),
        ("NPC wins an initiative tie (variant)", "1", "GM spends"),
        ("An NPC interrupts (player-priority variant)", "1", "GM spends"),
        ("Make a stealth test opposed", "1", "GM spends"),
        ("Shorten a ticking clock", "5 or more", "GM spends"),
    ], _srd("Action Order", "12-106", _srd("Reactions"), _srd("Variants and sub-systems"))),
    _t("doom", "Doom (Conan)", ONLY_CONAN, ("Use", "Doom"), [
        ("Starting Doom", "3 per player character"),
        ("Anything Momentum buys", "same cost"),
        ("NPC resources", "1 per resource"),
        ("Special abilities", "1 or more, as listed"),
        ("Seize the initiative", "1 per NPC acting before the PCs"),
        ("Environmental effect", "1 minor, 2 major"),
        ("Complication to fix with a Minor / a Standard action", "1 / 2"),
    ], _conan("Doom")),
    _t("fortune", "Fortune", BOTH, ("Use", "Effect"), [
        ("Per session (Conan)", "each PC starts with 2 or 3"),
        ("Bonus die (Conan)", "+1d20 counting as a rolled 1, within the 5-dice cap"),
        ("Bonus action (Conan)", "one more Standard action this turn"),
        ("Second wind (Conan)", "regain all Vigor, or all Resolve"),
        ("Overcome weakness (Conan)", "ignore Wound or Trauma effects for the scene"),
        ("Story declaration (Conan)", "add a fact to the scene, GM approving"),
        ("Shake off Defeated (SRD)", "spend 1"),
        ("Accept Defeat or be overwhelmed (SRD)", "gain 1"),
    ], _conan("Fortune points", also=(_srd("Defeated, Voluntary Defeat", "972-1004"),)),
        note="Each Conan use costs 1 point (inferred)."),
    _t("damage-effects", "Damage effects", BOTH, ("Effect", "Per Effect rolled"), [
        ("Area", "hits all in the target's Reach, +1 more target in Close per Effect"),
        ("Destructive", "target's Cover or Morale loses 1 die per Effect"),
        ("Drain", "1 Fatigue per Effect"),
        ("Intense", "one more Harm if any Effect and the attack caused a Harm"),
        ("Knockdown", "prone if Effects reach the target's Move"),
        ("Persistent X", "X dice again at the end of the target's turns, for Effects rounds"),
        ("Perilous", "+1 Threat per Effect (an NPC removes 1 instead)"),
        ("Piercing X", "ignore X Resistance per Effect"),
        ("Snare", "entangled; breaking free is a test of Difficulty = Effects"),
        ("Stun", "no actions next turn if Effects reach the target's Survive"),
        ("Vicious", "+1 Stress per Effect"),
        ("Sturdy (Cover/Morale)", "+1 Resistance per Effect the cover rolls"),
        ("Fragile (Cover/Morale)", "loses 1 die for good per Effect"),
        ("Uncertain (Cover/Morale)", "+1 Threat per Effect"),
        ("Volatile X (Cover/Morale)", "any Effect: user takes X dice, the cover is gone"),
    ], _srd("Damage", "770-820", _srd("Resistance", "842-862"))),
    _t("combat-die", "Combat / Challenge die", BOTH, ("d6", "Reads"), [
        ("1", "1"), ("2", "2"), ("3", "0"), ("4", "0"), ("5", "1 and an Effect"),
        ("6", "1 and an Effect"),
    ], _conan("Combat die"), note="The SRD uses the same die but does not list its "
       "faces (notes §2.4)."),
    _t("bonus-damage", "Bonus damage by attribute", BOTH, ("Attribute", "Bonus dice"), [
        ("8 or less", "0"), ("9", "+1"), ("10-11", "+2"), ("12-13", "+3"), ("14-15", "+4"),
        ("16 or more", "+5"),
        ("Conan: Melee / Ranged / Threaten", "Brawn / Awareness / Personality"),
        ("SRD variant: melee / ranged / mental", "Brawn / Insight / Will (base damage +1)"),
    ], _conan("Bonus damage", also=(
           _srd("Variant: Attribute Bonus Damage", "733-758"),))),
    _t("hit-location", "Hit location (d20)", ONLY_CONAN, ("Roll", "Location"), [
        ("1-2", "Head"), ("3-5", "Right arm"), ("6-8", "Left arm"), ("9-14", "Torso"),
        ("15-17", "Right leg"), ("18-20", "Left leg"),
    ], _conan("Hit location table")),
    _t("harm", "Stress and Harm", BOTH, ("Rule", "SRD", "Conan"), [
        ("Track", "Stress fills to max(Brawn, Will) + Survive - Fatigue",
         "Vigor = Brawn + Resistance; Resolve = Willpower + Discipline; both empty"),
        ("Soak", "Armour or Courage + Cover or Morale dice", "Armor or Courage + Cover or "
         "Morale dice, minus Piercing"),
        ("Harm from one hit", "5+ Stress: 1; reaching max: 1; both: 2",
         "1 per full 5 Stress, +1 when the track hits 0"),
        ("Kinds", "Wound (physical), Trauma (mental), Break (object)",
         "Wound (Agility, Brawn, Coordination tests), Trauma (the other attributes)"),
        ("Defeated", "3 Harms of any kind; Dying if more Wounds than Traumas", "-"),
        ("Treating", "Coordination + Survive (Wounds) or Insight + Talk (Traumas), D2; "
         "+1 Harm per Momentum", "Healing / Counsel"),
        ("End of scene", "all Stress goes", "-"),
    ], _srd("Stress and Harm", "906-1052", _conan("Stress and harm", "Damage types"))),
    _t("hazards", "Hazard Doom costs", ONLY_CONAN, ("Hazard part", "Doom"), [
        ("2 to 6 combat dice of damage", "2 to 6"),
        ("Area / Intense", "+2 each"),
        ("Knockdown / Stun", "+1 each"),
        ("Incendiary X / Piercing X / Persistent X", "+half X, rounded up"),
        ("Vicious X", "+X"),
        ("Nonlethal", "-2"),
        ("Avoided with an Average (D1) test", "-3"),
        ("Avoided with a Challenging (D2) test", "-1"),
        ("No test, or Daunting (D3) and harder", "+0"),
    ], _conan("Hazards", "Hazard difficulties"),
        note="Example: 4 dice, Piercing 2, Knockdown, a D2 test: 4 + 1 + 1 - 1 = 5 Doom."),
    _t("extended", "Extended tasks and consequences", ONLY_SRD, ("Part", "Rule"), [
        ("Task damage", "2[CD] + [CD] equal to the skill used, per Overcome"),
        ("Task Harm", "a Breakthrough: easier tests, Resistance -2, +1[CD] next roll, a scene "
         "effect or an event"),
        ("Consequence damage", "a GM-set roll (4-5[CD] suggested) per trigger"),
        ("Consequence Harm", "a Setback (never recovered): +1 complication range, +1 "
         "Difficulty, less Resistance, +2 Threat, a scene Trait or an event"),
        ("Ticking clock", "rounds left; Threat (5+) can shorten it"),
    ], _srd("Ticking Clock, Extended Tasks, Extended Consequences", "1296-1435")),
    _t("pursuit", "Pursuit track", ONLY_SRD, ("Part", "Rule"), [
        ("Pace", "maximum 8 to 20, starts near half"),
        ("Distance", "maximum usually 5, starts near half"),
        ("Each exchange", "opposed Agility + Move at D0; a tie changes nothing"),
        ("Pursuit roll", "2[CD] + Move dice, minus the track's Resistance"),
        ("Pursuer wins", "Pace + total; Distance -1 for each of: 5+ total, Pace reaches max, "
         "Pace already max"),
        ("Quarry wins", "Pace - total; Distance +1 for each of: 5+ total, Pace reaches 0, "
         "Pace already 0"),
        ("End", "Distance 0: caught; above its maximum: escaped"),
    ], _srd("Abstract Pursuit", "1486-1556")),
    _t("stealth", "Stealth states", ONLY_SRD, ("Part", "Rule"), [
        ("States", "Hidden, Detected, Revealed (each slip moves one step toward Revealed)"),
        ("Sneaky action", "+1 Difficulty and +1 complication range to stay unnoticed"),
        ("Noisy actions", "Disengage, attacks (melee can be sneaky), Reactions"),
        ("Attacking from Hidden / Detected", "no reaction / the reaction is +2 Difficulty"),
        ("Raising your state", "a Stealth test with no foe in your zone or watching"),
        ("Search", "a Major action on a zone: Observation D0; success lowers the state"),
        ("Stealth tests", "Agility, Coordination, Insight or Reason + Move"),
        ("Observation tests", "Insight + Fight, Move, Operate or Survive; Reason + Survive"),
    ], _srd("Stealth and Infiltration", "1557-1767")),
    _t("social", "Social conflict and mental attacks", ONLY_SRD, ("Part", "Rule"), [
        ("Resisting a request", "opposed, D1 each; the winner deals 1[CD] + Talk as a mental "
         "attack"),
        ("Harm in social conflict", "becomes a Complication; the 3rd overwhelms (a PC may "
         "give in early for 1 Fortune)"),
        ("Each successful lie", "+1[CD] to the persuasion roll, +1 complication range"),
        ("Evidence", "+1[CD] each, Vicious 1 when especially apt"),
        ("Negotiation Advantage", "-1 Difficulty for the asker (or +1 for the resister); "
         "Piercing X"),
        ("Remote / written media", "+1 / +2 Difficulty; written adds +1 complication range"),
        ("Awe-inspiring / evidence / status", "+2[CD] / +1[CD] Vicious 1 / +1[CD]"),
        ("Horrifying / shocking / unnatural", "Drain / Knockdown and Stun / Piercing 2"),
    ], _srd("Morale and Psychological Warfare", "1910-2040",
            _srd("Social Conflict", "2041-2291"))),
    _t("renown", "Renown", ONLY_CONAN, ("Level", "Name", "In short"), [
        (-2, "Shunned", "only the lowest deal with you"),
        (-1, "Distrusted", "avoided unless needed"),
        (0, "Unknown", "no name yet, or it evens out"),
        (1, "Recognized", "a few know you and show respect"),
        (2, "Acknowledged", "often recognised, treated with respect"),
        (3, "Trusted", "strangers seek you out; officials ask for help"),
        (4, "Well-known", "merchants court you; the rich send gifts"),
        (5, "Famous", "your custom makes a business; great tasks come to you"),
    ], _conan("Renown"), note="The screen's text for levels 1-5 was merged; the "
       "summaries are our reading (notes §3.6)."),
    _t("encumbrance", "Encumbrance and treasure", ONLY_CONAN, ("Item", "Value"), [
        ("Load up to Brawn x 2", "no Fatigue"),
        ("Above Brawn x 2 / x 3 / x 4 / x 5", "+1 / +2 / +3 / +4 Fatigue"),
        ("Jewels", "20 gold a palm-full"),
        ("Silver / copper", "1/2 / 1/4 the value of gold"),
        ("Jewelry", "2+ gold an item"),
        ("Fine clothing", "4+ gold a set"),
        ("Olives or oil", "2 gold an amphora"),
        ("Fine wine", "under 1 gold a jug"),
        ("Silk or cloth", "2+ gold a bale"),
        ("Statue", "5+ gold"),
        ("Lumber", "2+ gold a cord"),
    ], _conan("Encumbrance and fatigue", "Treasure values")),
    _t("open-rules", "Open rules (settings)", BOTH, ("Setting", "Default", "Why"), [
        ("Price of each bought d20", "1, 2, 3", "in neither document (usual 2d20 convention)"),
        ("Momentum pool cap", "6", "in neither document (usual convention)"),
        ("Momentum lost each round", "1", "Conan turn sequence"),
        ("Opposed test when both succeed", "more Momentum wins; ties to the defender",
         "in neither document"),
        ("Assistants' successes", "count if the leader scores one", "in neither document"),
        ("Ranged attack base Difficulty", "D2", "the SRD says D2 and D1 in two places"),
    ], ReferenceSource("reading notes 2d20.md §1, §2.2, §2.3, §6", "SEForge table settings",
                    origin="external")),
)


def all_tables() -> tuple[ReferenceTable, ...]:
    return TABLES


def tables_for(profile: Profile | str) -> list[ReferenceTable]:
    """The tables of one profile, in screen order."""
    wanted = Profile(profile)
    return [table for table in TABLES if table.tagged(wanted.value)]
