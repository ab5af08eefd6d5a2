"""The hashes: dice without bias, hash chains, derived secrets."""

from __future__ import annotations

from collections import Counter

from berserk_tui.netgame import PeerSecrets
from berserk_tui.netgame.commitments import die_value, follows, shuffle_seed


def test_dice_are_fair_faces_from_both_shares() -> None:
    a, b = PeerSecrets(bytes(32)).chain(0, 600), PeerSecrets(b"\x01" * 32).chain(0, 600)
    faces = Counter(die_value(a[k], b[k], k) for k in range(1, 601))
    assert set(faces) == {1, 2, 3, 4, 5, 6} and all(60 < n < 140 for n in faces.values())
    other = PeerSecrets(b"\x02" * 32).chain(0, 600)
    assert sum(die_value(a[k], b[k], k) != die_value(a[k], other[k], k) for k in range(1, 601)) > 300


def test_a_chain_reveals_preimages_of_its_committed_head() -> None:
    chain = PeerSecrets(bytes(32)).chain(0, 5)
    assert len(chain) == 6
    assert all(follows(chain[i + 1], chain[i]) for i in range(5))
    assert not follows(chain[2], chain[0])
    assert PeerSecrets(bytes(32)).chain(1, 5)[0] != chain[0]


def test_secrets_are_independent_and_a_shuffle_needs_the_owner_secret() -> None:
    s = PeerSecrets.generate(lambda n: bytes(range(n)))
    derived = {s.deck_salt, s.shuffle_secret, s.placement_salt, s.card_salt(0), s.card_salt(1), s.commitment}
    assert len(derived) == 6
    chain = s.chain(0, 2)
    assert shuffle_seed(s.shuffle_secret, chain[1], chain[2], 1) != shuffle_seed(bytes(32), chain[1], chain[2], 1)
    assert 0 <= shuffle_seed(s.shuffle_secret, chain[1], chain[2], 1) < 2**64
