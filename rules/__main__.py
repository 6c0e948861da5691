"""Command line of the referee: ``python -m rules selfplay ...``."""
from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from .bots.levels import LEVELS
from .errors import RulesError
from .variants import GAMES

#: Upper bounds of the numeric options: far beyond any real use, short of hours or overflow.
MAX_MATCHES = 100_000
MAX_SEED = 2**63 - 1  # rules.session.MAX_SEED: checked here first to name the option


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one clear line, then a non-zero exit
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(2)


def _parser() -> _Parser:
    p = _Parser(prog="python -m rules", description="The Domino Table referee.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sp = sub.add_parser("selfplay", help="computer-only matches written as a transcript")
    sp.add_argument("--game", required=True, choices=list(GAMES))
    sp.add_argument("--players", type=int, default=4)
    sp.add_argument("--seed", type=int, required=True)
    sp.add_argument("--matches", type=int, default=1)
    sp.add_argument("--policy", default="bot",
                    help="bot, bot:easy|normal|hard|expert, random or greedy; or one per seat, comma-separated")
    sp.add_argument("--transcript", required=True, help="the JSON Lines file to write")
    rp = sub.add_parser("replay", help="play a transcript again in the engine and check it")
    rp.add_argument("file", metavar="FILE", help="the transcript (JSON Lines) to replay")
    rp.add_argument("--transcript", required=True, metavar="OUT",
                    help="the transcript to write, with the engine's own legal lists, deal ends and totals")
    return p


def _selfplay(args: argparse.Namespace) -> int:
    from .selfplay import POLICY_NAMES, resolve_policy, run
    from .session import Config

    if not 1 <= args.matches <= MAX_MATCHES:
        raise RulesError(f"--matches must be 1 to {MAX_MATCHES}, not {args.matches}")
    if not 0 <= args.seed <= MAX_SEED:
        raise RulesError(f"--seed must be a whole number from 0 to {MAX_SEED}")
    names = args.policy.split(",")
    for name in names:
        base = name.split(":")[0]
        if base not in POLICY_NAMES or (":" in name and (base != "bot" or name.split(":", 1)[1] not in LEVELS)):
            raise RulesError(f"unknown policy {name!r}; use bot, {', '.join('bot:' + lv for lv in LEVELS)}, "
                             "random or greedy")
    if len(names) not in (1, args.players):
        raise RulesError(f"--policy lists {len(names)} policies for {args.players} seats")
    config = Config(args.game, args.players, args.seed)
    policies = [resolve_policy(n) for n in names]
    try:
        out = open(args.transcript, "w", encoding="utf-8", newline="\n")
    except OSError as e:
        raise RulesError(f"cannot write {args.transcript}: {e.strerror or e}") from None
    try:
        with out:
            run(config, args.matches, policies, out)
    except OSError as e:  # a full disk, /dev/full: one line, not a traceback (issue 29 item 7)
        raise RulesError(f"cannot write {args.transcript}: {e.strerror or e}") from None
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "selfplay":
            return _selfplay(args)
        if args.command == "replay":
            from .replay import replay_file

            replay_file(args.file, args.transcript)
            return 0
    except RulesError as e:
        print(f"python -m rules {args.command}: error: {e}", file=sys.stderr)
        return 1
    return 2


if __name__ == "__main__":
    sys.exit(main())
