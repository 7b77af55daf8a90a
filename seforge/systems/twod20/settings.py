"""Every rule the 2d20 documents leave open, as a labelled setting with a default.

The SRD chapter [S] relies on a "Chapter 1: Core Rules" that is not supplied, and the Conan
screen [C] is a summary, so some numbers are not in either document (notes ``2d20.md`` §1.1,
§1.2, §2.2, §2.3, §6 and summary "Coverage"). Each one is a field here, with its default and the
reason; a record or a tracker carries its own copy, and the calculator takes one.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from seforge.systems.twod20.dice_rules import AssistGate as AssistGate
from seforge.systems.twod20.dice_rules import OpposedTieRule as OpposedTieRule
from seforge.systems.twod20.profiles import Profile

DEFAULT_BONUS_DIE_PRICES = (1, 2, 3)


class HarmLimitRule(StrEnum):
    """What reaching the Harm limit does (rule ``2d20.harms.limit``)."""

    DEFEATED = "defeated"
    """[S] lines 948-950: at the limit the character is Defeated (unable to act, sidebar
    "Defeated" line 974), and Dying too with more Wounds than Traumas."""
    NONE = "none"
    """[C] "Stress and Harm" gives no limit: Wounds and Trauma hinder tests of their
    attributes ("Damage types"), and whether a character is out is the GM's ruling."""


class FocusRule(StrEnum):
    """How a skill's Focus makes a d20 score two successes (rule ``2d20.focus.rule``)."""

    NUMBER = "number"
    """Each skill has a Focus number: a d20 at or under it scores 2 [C] "Taking action".
    For the SRD this is an assumption [A]: its "Core Rules" chapter is not supplied."""
    SKILL_WITH_FOCUS = "skill-with-focus"
    """A skill with a named focus that applies scores 2 on a d20 at or under the skill's
    rating: the usual 2d20 reading of named focuses [X]."""


class TableSettings(BaseModel):
    """The open rules, with the notes' defaults. Names are stable (saved in documents)."""

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")

    pool_cap: int = Field(default=5, ge=2, le=10)
    """Most d20s in one test, Fortune dice included: 2 + 3 bought [C] "no more than three
    additional d20s". Talents may raise it, so it is a setting. Rule ``2d20.pool.cap``."""
    bonus_die_prices: tuple[int, ...] = Field(default=DEFAULT_BONUS_DIE_PRICES, max_length=8)
    """Momentum (or Threat/Doom) each bought d20 costs, first to last. Not in either document;
    1, 2, 3 is the usual 2d20 convention [X]. Fortune dice are paid with Fortune instead."""
    momentum_cap: int = Field(default=6, ge=0, le=99)
    """Most Momentum the group pool can bank. Not in either document; 6 is the usual
    convention [X]. Momentum beyond it is lost."""
    momentum_loss_per_round: int = Field(default=1, ge=0, le=99)
    """Momentum the group pool loses at the end of each round: 1 [C] "Turn sequence"."""
    keep_initiative_cost: int = Field(default=2, ge=0, le=99)
    """Momentum (or Threat added by a PC, spent by an NPC) to keep the initiative: 2 [S]
    "Action Order" lines 25-31."""
    opposed_tie_rule: OpposedTieRule = OpposedTieRule.MOMENTUM_DEFENDER
    """Who wins an opposed test when both succeed; the engine always reports the separate
    categories too (notes §2.3)."""
    assist_gate: AssistGate = AssistGate.LEADER_SUCCEEDS
    """When assistants' successes count (notes §2.2 "Assistance [X]")."""
    natural_one_doubles: bool = False
    """A rolled 1 always scores two successes, Focus or not ([X] flag, off by default)."""
    ranged_base_difficulty: int = Field(default=2, ge=0, le=5)
    """Base Difficulty of a ranged attack: [S] says D2 in the attack procedure (line 538) but
    D1 in the Range section; the notes flag the conflict (§6). Default D2."""
    harm_limit: int = Field(default=3, ge=1, le=10)
    """Harms that leave a character Defeated: 3 [S] line 948 (the Number of Harms variant
    changes it)."""
    harm_threshold: int = Field(default=5, ge=1, le=20)
    """Stress from one attack that causes a Harm: 5 [S] line 927, [C] "Stress and Harm"
    (the Scale variant raises it)."""
    harm_limit_rule: HarmLimitRule = HarmLimitRule.DEFEATED
    """What the Harm limit does: Defeated [S] line 948; the Conan screen states no limit, so
    its profile's default is :attr:`HarmLimitRule.NONE`."""
    npc_opener_cost: int = Field(default=2, ge=0, le=99)
    """Threat the GM spends to have an NPC open round 1 when it is unclear who started the
    conflict: 2 [S] "Action Order" lines 19-22 (0: the NPC clearly started it)."""
    seize_initiative_cost: int = Field(default=1, ge=0, le=99)
    """Doom per NPC to seize the initiative [C] "Doom"; 1 Threat in the SRD's "Player
    Priority" variant (line 54)."""
    act_early_cost: int = Field(default=2, ge=0, le=99)
    """Added to Threat by a PC (spent by an NPC) to act before its initiative score:
    2 [S] "Variant: Initiative Scores" lines 57-59."""
    initiative_tie_cost: int = Field(default=1, ge=0, le=99)
    """Threat for an NPC to act before a PC of equal initiative: 1 [S] lines 53-54."""
    hazard_cost_floor: int = Field(default=0, ge=0, le=99)
    """The least a hazard costs in Doom. The screen [C] "Hazards" states no floor; 0 is an
    assumption [A] (Nonlethal and an easy test can take the sum below it)."""
    focus_rule: FocusRule = FocusRule.NUMBER
    """How Focus works: a number per skill [C]; assumed [A] for the SRD (see :class:`FocusRule`)."""


DEFAULT_SETTINGS = TableSettings()

PROFILE_DEFAULTS: dict[Profile, dict[str, object]] = {
    Profile.SRD2022: {},
    Profile.CONAN: {"harm_limit_rule": HarmLimitRule.NONE},
}
"""Where a profile's own document says otherwise than the shared defaults."""


def profile_settings(profile: Profile | str) -> TableSettings:
    """The settings a new record or tracker of ``profile`` starts with."""
    return TableSettings.model_validate(
        {**DEFAULT_SETTINGS.model_dump(), **PROFILE_DEFAULTS[Profile(profile)]})


def settings_for_profile(settings: TableSettings, old: Profile | str, new: Profile | str
                         ) -> TableSettings:
    """``settings`` moved from profile ``old`` to ``new``: each value still at the old
    profile's default takes the new profile's; a value the table chose stays."""
    before, after = profile_settings(old), profile_settings(new)
    update = {name: getattr(after, name) for name in TableSettings.model_fields
              if getattr(settings, name) == getattr(before, name)}
    return settings.model_copy(update=update)


def fill_profile_defaults(data: Any) -> Any:
    """Before validation of a record or tracker: settings missing from a saved file (all of
    them, or ones added since it was written) take the file's profile's defaults, so an old
    Conan file is not read with the SRD's rules."""
    if not isinstance(data, dict):
        return data
    try:
        profile = Profile(data.get("profile", Profile.SRD2022))
    except ValueError:
        return data  # the model reports the bad profile
    defaults = PROFILE_DEFAULTS[profile]
    settings = data.get("settings")
    if settings is None:
        return {**data, "settings": profile_settings(profile)}
    if isinstance(settings, dict):
        missing = {k: v for k, v in defaults.items() if k not in settings}
        if missing:
            return {**data, "settings": {**settings, **missing}}
    return data


SETTING_LABELS: dict[str, str] = {
    "pool_cap": "Most d20s in a test",
    "bonus_die_prices": "Price of each bought d20",
    "momentum_cap": "Momentum pool cap",
    "momentum_loss_per_round": "Momentum lost each round",
    "keep_initiative_cost": "Cost to keep the initiative",
    "opposed_tie_rule": "Opposed test when both succeed",
    "assist_gate": "Assistants' successes count",
    "natural_one_doubles": "A rolled 1 always scores 2",
    "ranged_base_difficulty": "Ranged attack base Difficulty",
    "harm_limit": "Harms before Defeated",
    "harm_threshold": "Stress in one hit that causes a Harm",
    "harm_limit_rule": "At the Harm limit",
    "npc_opener_cost": "An NPC opening round 1 costs",
    "seize_initiative_cost": "Seizing the initiative costs",
    "act_early_cost": "Acting before one's initiative costs",
    "initiative_tie_cost": "An NPC winning an initiative tie costs",
    "hazard_cost_floor": "Least Doom a hazard costs",
    "focus_rule": "Focus",
}

HARM_LIMIT_RULE_LABELS: dict[HarmLimitRule, str] = {
    HarmLimitRule.DEFEATED: "Defeated (SRD)",
    HarmLimitRule.NONE: "No limit (Conan)",
}
HARM_LIMIT_RULE_NOTES: dict[HarmLimitRule, str] = {
    HarmLimitRule.DEFEATED: "At the Harm limit the character is Defeated and acts no more; "
                            "Dying as well when more of the Harms are Wounds than Traumas (SRD)",
    HarmLimitRule.NONE: "No Harm limit: Wounds and Trauma hinder tests, and whether a character "
                        "is out is the GM's call (the Conan screen)",
}
FOCUS_RULE_LABELS: dict[FocusRule, str] = {
    FocusRule.NUMBER: "Focus number",
    FocusRule.SKILL_WITH_FOCUS: "Named focus",
}
FOCUS_RULE_NOTES: dict[FocusRule, str] = {
    FocusRule.NUMBER: "Each skill has a Focus number: a d20 at or under it scores two successes "
                      "(the Conan screen; assumed for the SRD)",
    FocusRule.SKILL_WITH_FOCUS: "A skill with a named focus that applies: a d20 at or under the "
                                "skill's rating scores two successes (a 2d20 convention, in "
                                "neither document)",
}
OPPOSED_TIE_LABELS: dict[OpposedTieRule, str] = {
    OpposedTieRule.MOMENTUM_DEFENDER: "Defender",
    OpposedTieRule.MOMENTUM_ATTACKER: "Attacker",
    OpposedTieRule.MOMENTUM_DRAW: "Neither (a draw)",
}
OPPOSED_TIE_NOTES: dict[OpposedTieRule, str] = {
    OpposedTieRule.MOMENTUM_DEFENDER: "When both sides succeed, more Momentum wins; with equal "
                                      "Momentum the defender wins",
    OpposedTieRule.MOMENTUM_ATTACKER: "When both sides succeed, more Momentum wins; with equal "
                                      "Momentum the attacker wins",
    OpposedTieRule.MOMENTUM_DRAW: "When both sides succeed, more Momentum wins; equal Momentum "
                                  "is a draw the GM settles",
}
ASSIST_GATE_LABELS: dict[AssistGate, str] = {
    AssistGate.LEADER_SUCCEEDS: "Leader succeeds",
    AssistGate.ALWAYS: "Always",
}
ASSIST_GATE_NOTES: dict[AssistGate, str] = {
    AssistGate.LEADER_SUCCEEDS: "The assistants' successes count only when the leader scores "
                                "at least one success",
    AssistGate.ALWAYS: "The assistants' successes always count",
}
"""Each choice of a setting has a short name (``*_LABELS``, for a narrow box) and a sentence
on what it does (``*_NOTES``, our own words)."""


def focus_note(profile: Profile | str, settings: TableSettings) -> str:
    """One line on where the Focus rule in force comes from (shown beside a Focus)."""
    if settings.focus_rule is FocusRule.SKILL_WITH_FOCUS:
        return ("Focus here: a skill with a named focus scores 2 at or under its rating "
                "(a 2d20 convention, in neither document)")
    if Profile(profile) is Profile.SRD2022:
        return ("A Focus number is assumed for the SRD: its core chapter, which defines "
                "Focus, is not supplied (change it in the rules settings)")
    return "A Focus number per skill, as on the Conan screen"


SETTING_SOURCES: dict[str, str] = {
    "pool_cap": "Conan screen, Taking action: at most three additional d20s",
    "bonus_die_prices": "Convention, in neither document: 1, 2, 3",
    "momentum_cap": "Convention, in neither document: 6",
    "momentum_loss_per_round": "Conan screen, Turn sequence: 1 each round",
    "keep_initiative_cost": "SRD Action Order, lines 25-27: 2",
    "opposed_tie_rule": "Neither document says who wins a tie",
    "assist_gate": "Neither document gives assist dice: assumed",
    "natural_one_doubles": "Convention, in neither document: off",
    "ranged_base_difficulty": "SRD line 538 says D2, its Range section D1",
    "harm_limit": "SRD line 948: three Harms; the Conan screen gives none",
    "harm_threshold": "SRD line 927 and Conan Stress and Harm: 5",
    "harm_limit_rule": "SRD lines 948 and 974: Defeated; the Conan screen states no limit",
    "npc_opener_cost": "SRD Action Order, lines 19-22: 2 Threat",
    "seize_initiative_cost": "Conan screen, Doom: 1 per NPC; SRD line 54: 1 Threat",
    "act_early_cost": "SRD Initiative Scores, lines 57-59: 2",
    "initiative_tie_cost": "SRD Initiative Scores, lines 53-54: 1 Threat",
    "hazard_cost_floor": "Assumed: the Conan screen states no floor",
    "focus_rule": "Conan screen, Taking action: a number; the SRD's core chapter is missing",
}
"""Where each setting's default comes from (our own words, with the document's line)."""
"""The label each setting has in the app and the README (our own words)."""


def changed_settings(settings: TableSettings, **values: object) -> TableSettings:
    """``settings`` with ``values`` changed, validated (RefusedError with one line)."""
    from pydantic import ValidationError

    from seforge.core.refused import RefusedError

    unknown = [name for name in values if name not in TableSettings.model_fields]
    if unknown:
        raise RefusedError(f"there is no setting {unknown[0]!r}")
    try:
        return TableSettings.model_validate({**settings.model_dump(), **values})
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"])
        label = SETTING_LABELS.get(where, where)
        raise RefusedError(f"{label} ({where}): {first['msg'].lower()}") from None


def bonus_die_cost(settings: TableSettings, bought: int) -> int:
    """What ``bought`` extra d20s cost in total (the last price repeats if the list is short).

    Rule ``2d20.pool.price``; the prices are a setting (see :class:`TableSettings`).
    """
    if bought < 0:
        raise ValueError(f"the number of bought dice cannot be negative ({bought})")
    prices = settings.bonus_die_prices or (0,)
    return sum(prices[min(index, len(prices) - 1)] for index in range(bought))


def parse_prices(text: str) -> tuple[int, ...]:
    """Bought-die prices typed as "1, 2, 3" (ValueError with a one-line reason)."""
    parts = [part for part in text.replace(",", " ").split() if part]
    if not parts:
        raise ValueError("type at least one price, e.g. 1, 2, 3")
    try:
        prices = tuple(int(part) for part in parts)
    except ValueError:
        raise ValueError("prices are whole numbers, e.g. 1, 2, 3") from None
    if any(price < 0 or price > 99 for price in prices):
        raise ValueError("each price is 0 to 99")
    if len(prices) > 8:
        raise ValueError("at most 8 prices")
    return prices
