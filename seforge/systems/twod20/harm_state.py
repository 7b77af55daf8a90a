"""What a character's Harms leave them as, under the table's Harm-limit rule.

Rule ``2d20.harms.limit``: [S] lines 948-950 and the "Defeated" sidebar (line 974): three
Harms (``harm_limit``) leave a character Defeated, unable to act, and Dying as well with more
Wounds than Traumas. The Conan screen [C] "Stress and Harm" states no limit, so under
:attr:`HarmLimitRule.NONE` Harms never defeat by themselves.
"""

from __future__ import annotations

from collections.abc import Sequence

from seforge.systems.twod20.models import Harm, HarmKind
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.settings import HarmLimitRule, TableSettings


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
    if len(harms) >= 20:
        return "a record holds at most 20 Harms"
    return None
