"""What a character's Harms leave them as, under the table's Harm-limit rule.

Rule ``2d20.harms.limit``: [S] lines 948-950 and the "Defeated" sidebar (line 974): three
Harms (``harm_limit``) leave a character Defeated, unable to act, and Dying as well with more
Wounds than Traumas. The Conan screen [C] "Stress and Harm" states no limit, so under
:attr:`HarmLimitRule.NONE` Harms never defeat by themselves.

Under the Defeated rule a record or a tracker character is marked no Harm past the limit
(:func:`harm_room`, :func:`harms_marked`): what a further Harm does to a Defeated character
(a Wound kills, a Trauma breaks the mind [S] line 978) is the GM's to play out. The damage's
odds count the Harms marked by the same rule, so they never show more than can be applied.
"""

from __future__ import annotations

from collections.abc import Sequence

from seforge.systems.twod20.models import Harm, HarmKind
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.settings import HarmLimitRule, TableSettings

MAX_HARMS = 20
"""The most Harms a record or a tracker character holds, whatever the rule."""


def harm_room(settings: TableSettings, held: int) -> int:
    """How many more Harms can be marked on a character holding ``held`` under ``settings``
    [``2d20.harms.limit``]: up to the Harm limit under the Defeated rule, else up to
    :data:`MAX_HARMS`. Applying damage and the damage's odds both stop here."""
    top = MAX_HARMS
    if settings.harm_limit_rule is HarmLimitRule.DEFEATED:
        top = min(top, settings.harm_limit)
    return max(0, top - held)


def harms_marked(caused: int, settings: TableSettings, held: int) -> int:
    """The Harms marked when a hit causes ``caused`` on a character holding ``held``: no
    more than :func:`harm_room` allows."""
    return max(0, min(caused, harm_room(settings, held)))


def defeated(settings: TableSettings, harms: Sequence[Harm]) -> bool:
    """True when the Harms reach the limit and the rule makes that Defeated."""
    return (settings.harm_limit_rule is HarmLimitRule.DEFEATED
            and len(harms) >= settings.harm_limit)


def dying(settings: TableSettings, profile: Profile, harms: Sequence[Harm]) -> bool:
    """Defeated with more Wounds than Traumas [S] line 949 (the SRD's rule only)."""
    if profile is not Profile.SRD2022 or not defeated(settings, harms):
        return False
    wounds = sum(h.kind is HarmKind.WOUND for h in harms)
    return wounds > len(harms) - wounds


def harm_status(settings: TableSettings, profile: Profile, harms: Sequence[Harm]) -> str:
    """"Defeated", "Defeated, Dying" or "" (neither)."""
    if not defeated(settings, harms):
        return ""
    return "Defeated, Dying" if dying(settings, profile, harms) else "Defeated"


def why_not_more_harms(settings: TableSettings, harms: Sequence[Harm]) -> str | None:
    """Why a record may not mark another Harm (None: it may).

    Under the Defeated rule the record stops at the limit: what a further Harm does to a
    Defeated character (death, a mental break) is the GM's ruling [S] line 978. Without a
    limit a record holds up to 20 Harms.
    """
    if defeated(settings, harms):
        return f"{settings.harm_limit} Harms already leave the character Defeated"
    if harm_room(settings, len(harms)) == 0:
        return f"a record holds at most {MAX_HARMS} Harms"
    return None
