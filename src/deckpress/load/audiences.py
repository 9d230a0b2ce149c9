"""Who may see a component follows from what it prints. A component that prints a deck another component keeps
private (or for the host) is kept so too unless it says otherwise; and saying `public` for it is a finding unless
`public_because` says why (a box that shows only the game's title, say). So a second component of a secret deck, a
tuck box or a copy for another paper, cannot put the secret on the table by its default."""

from __future__ import annotations

from deckpress.findings import Findings
from deckpress.model import HOST, PRIVATE, PUBLIC, Component

RANK = {PUBLIC: 0, PRIVATE: 1, HOST: 2}


def settled(components: list[Component], findings: Findings) -> list[Component]:
    """The components with their audiences settled (changed in place): each that writes none takes the most secret
    audience written for any of its decks; one written public against that needs its reason."""
    kept = _kept(components)
    for c in components:
        if c.public_because and c.audience != PUBLIC:
            findings.error(c.loc, f"component {c.id}: public_because applies only to audience: public "
                                  f"(its audience is {c.audience})")
        secret = max((kept[d] for d in c.decks if d in kept), key=lambda k: RANK[k[0]], default=None)
        if secret is None or RANK[secret[0]] <= RANK[c.audience]:
            continue
        if c.audience_loc is None:
            c.audience = secret[0]
        elif c.audience == PUBLIC and not c.public_because.strip():  # written secret: it is kept from the table
            audience, keeper = secret
            findings.error(c.audience_loc, f"component {c.id} is public, but it prints deck {_deck(c, keeper, kept)}, "
                                           f"which component {keeper.id} keeps {audience}: write 'audience: "
                                           f"{audience}', or say why it may be seen with 'public_because: ...'")
    return components


def _kept(components: list[Component]) -> dict[str, tuple[str, Component]]:
    """deck -> the most secret audience a component printing it writes, and that component."""
    kept: dict[str, tuple[str, Component]] = {}
    for c in components:
        if c.audience_loc is None or c.audience == PUBLIC:
            continue
        for deck in c.decks:
            if deck not in kept or RANK[c.audience] > RANK[kept[deck][0]]:
                kept[deck] = (c.audience, c)
    return kept


def _deck(c: Component, keeper: Component, kept: dict[str, tuple[str, Component]]) -> str:
    return next(d for d in c.decks if d in kept and kept[d][1] is keeper)
