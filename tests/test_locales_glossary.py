"""Issue 17, item 1: one word per game term and language (locales/glossary.json).

Every string of every ``locales/*.LANG.json`` (whatever its namespace: ui,
table, rules, and the files other work adds such as save or line) is checked
against each term's ``avoid`` patterns for its language, so a synonym that
slips into one screen while the others use the glossary word fails here.
Issue 40 adds a rule per kind of fault its review found (the draw verb, the MT
double order, a player's name doubled by the noun before it, the dash's
no-break space, ...) and checks that each old text fails and its fix passes.
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest

from game import i18n
from rules.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "locales"
GLOSSARY = LOCALES / "glossary.json"
LANGUAGES = ("en", "ru", "uk", "it")

#: The terms issue 17 asks for, the line games' words of seeds 003 and 004 among them.
REQUIRED_TERMS = {
    "deal", "hand", "match", "tile", "double", "engine", "boneyard", "train", "mexican_train",
    "marker", "open_double", "cover", "pass", "draw", "chain", "end_chain", "device_pass", "seed",
    "hint", "undo", "redo", "leader", "poser", "partner", "team_cuban", "team_jamaican",
    "six_love", "lead_draw", "accept", "redeal", "block", "tie", "pollona", "tripollua",
    "representative", "open_end", "line_hand_cuban", "line_hand_jamaican", "line_match",
    # issue 30
    "leader_cuban", "pip_count", "level_hard", "replay", "app_name", "go_back", "points_few", "phrasing",
}
GAMES = tuple(VARIANTS)  # every game the rules know (rules.variants finds them)


def terms() -> dict:
    return json.loads(GLOSSARY.read_text(encoding="utf-8"))["terms"]


def strings(code: str) -> dict[str, str]:
    """Every text in ``code``: {"namespace.key" (plus "#form" for plural forms): text}; the
    games' own files (``locales/games/``, issue 39) are found by ``game.i18n.files``."""
    out: dict[str, str] = {}
    for file in i18n.files(LOCALES):
        if file.code != code:
            continue
        for key, value in i18n.entries(file).items():
            if isinstance(value, dict):
                out.update({f"{key}#{form}": text for form, text in value.items()})
            else:
                out[key] = value
    return out


def applies(term: dict, key: str) -> bool:
    bare, _, form = key.partition("#")
    if bare.split("~")[-1] in term.get("except", []):  # "line.cuban.~KEY": KEY read as a Cuban word
        return False
    if "forms" in term and form not in term["forms"]:
        return False
    prefixes = term.get("keys")
    return prefixes is None or bare.startswith(tuple(prefixes))


#: Placeholders and markup are not words a player reads.
_NOT_WORDS = re.compile(r"%\{\w+\}|<[^>]*>")


def violations(code: str, texts: dict[str, str]) -> list[str]:
    texts = {key: _NOT_WORDS.sub(" ", text) for key, text in texts.items()}
    found = []
    for name, term in terms().items():
        for pattern in term[code]["avoid"]:
            rx = re.compile(pattern, re.IGNORECASE)
            for key, text in texts.items():
                m = rx.search(text) if applies(term, key) else None
                if m:
                    found.append(f"{key}: {m.group(0)!r} where the glossary says "
                                 f"{term[code]['word']!r} ({name})")
        for key, pattern in term[code].get("must", {}).items():
            forms = [k for k in texts if k.split("#")[0] == key]
            for k in forms:
                if not re.search(pattern, texts[k], re.IGNORECASE):
                    found.append(f"{k}: does not say {term[code]['word']!r} ({name})")
    return found


def name_rules() -> dict:
    return json.loads(GLOSSARY.read_text(encoding="utf-8"))["names"]


def name_violations(code: str, texts: dict[str, str]) -> list[str]:
    """Issue 40: what stands right before or after a player's name in a template.

    A noun or preposition before it doubles a default name («Кости игрока Игрок 1», «Tessere
    di Giocatore 1»): the colon form («Кости: Игрок 1») or the name first says it once.  And
    no template puts «(computer)» after a name but the one the code guards (``except_after``).
    """
    rules = name_rules()
    slot = re.compile(r"%\{(" + "|".join(rules["placeholders"]) + r")\}")
    found = []
    for key, text in texts.items():
        bare = key.split("#")[0]
        for m in slot.finditer(text):
            before, after = text[: m.start()], text[m.end():]
            for pattern in rules["before"][code]:
                hit = re.search(pattern, before, re.IGNORECASE)
                if hit:
                    found.append(f"{key}: {hit.group(0)!r} right before %{{{m.group(1)}}}")
            for pattern in rules["after"][code] if bare not in rules["except_after"] else ():
                hit = re.search(pattern, after, re.IGNORECASE)
                if hit:
                    found.append(f"{key}: {hit.group(0)!r} right after %{{{m.group(1)}}}")
    return found


def owners() -> dict[str, list[str]]:
    """Each game's own keys and key prefixes (glossary.json "games"), and every key of the
    game's own files (``locales/games/GAME.*.json``, issue 39), for every game the rules know;
    but a game's name (``ui.game_GAME``), which every game's menus list, is no game's own."""
    return _owners(LOCALES)


@functools.lru_cache(maxsize=4)
def _owners(locales: Path) -> dict[str, list[str]]:
    """``owners`` of one locales folder, read once (``owner_of`` asks for every key)."""
    games = json.loads((locales / GLOSSARY.name).read_text(encoding="utf-8"))["games"] \
        if (locales / GLOSSARY.name).is_file() else {}
    out = {game: list(games.get(game, [])) for game in GAMES}
    for file in i18n.files(locales):
        if file.game is not None:
            out.setdefault(file.game, []).extend(sorted(k for k in i18n.entries(file) if not k.startswith(SHARED_NAME)))
    return out


#: the games' names: every game's title and menus list them all
SHARED_NAME = "ui.game_"


def owner_of(key: str) -> str | None:
    """The game whose own word ``key`` is, or None for a key every game shares."""
    found = [game for game, prefixes in owners().items() if key.startswith(tuple(prefixes))]
    assert len(found) <= 1, f"{key} is the own word of {found}"
    return found[0] if found else None


def test_the_glossary_has_every_term_in_every_language():
    glossary = terms()
    assert REQUIRED_TERMS <= set(glossary), sorted(REQUIRED_TERMS - set(glossary))
    for name, term in glossary.items():
        for code in LANGUAGES:
            assert term[code]["word"].strip(), f"{name}.{code}"
            for pattern in term[code]["avoid"]:
                re.compile(pattern)
                assert not re.search(pattern, term[code]["word"], re.IGNORECASE), (
                    f"{name}.{code}: the word itself matches {pattern!r}")
            for key in term[code].get("must", {}):
                assert any(k.split("#")[0] == key for k in strings(code)), f"{name}.{code}: no key {key}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_string_uses_another_word_for_a_glossary_term(code):
    assert violations(code, strings(code)) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_template_doubles_a_default_name(code):
    assert name_violations(code, strings(code)) == []


def test_the_check_catches_the_drift_issue_17_found():
    """The check fires on the old texts: Раздача, цепочка, метка, из базара, базар in uk, va bene."""
    assert violations("ru", {"table.deal_of": "Раздача 1 из 13"})
    assert violations("ru", {"table.end_chain": "Закончить цепочку"})
    assert violations("ru", {"table.prompt_pass": "на ваш поезд поставят метку"})
    assert not violations("ru", {"table.prompt_pass": "на ваш поезд поставят отметку"})
    assert violations("ru", {"ui.log_draw": "берёт кость из базара"})
    assert violations("ru", {"table.mexican_train": "Мексиканский поезд"})
    assert not violations("ru", {"ui.game_mexican_train": "Мексиканский поезд"})
    assert violations("uk", {"table.boneyard#one": "Базар: 1 кісточка"})
    assert violations("it", {"table.prompt_drawn": "Non va bene: passa"})
    assert violations("ru", {"table.redo": "Вернуть ход"})
    assert not violations("ru", {"ui.log_seed": "Зерно: %{seed}"})


def test_game_words_apply_to_their_game_only():
    """Seed 003 calls a Cuban hand a «кон», seed 004 a Jamaican one a «сдача»."""
    assert violations("ru", {"rules.cuban.play": "В каждой сдаче"})
    assert not violations("ru", {"rules.jamaican.play": "В каждой сдаче"})
    assert violations("ru", {"rules.jamaican.scoring": "Команда получает"})
    assert not violations("ru", {"rules.cuban.scoring": "Команда получает"})


def test_the_check_catches_what_issue_30_found():
    """The old texts of issue 30, one of each kind, fail; the fixed ones pass."""
    bad = {
        "ru": {"table.prompt_obligation": "%{train}: незакрытый дубль 5|5. Закройте его.",
               "rules.mexican_train.doubles": "Дубль, незакрытый к концу хода, нужно закрыть раньше всего",
               "table.draw": "Взять", "table.prompt_draw": "возьмите кость с базара",
               "rules.cuban.not_played": "добора из запаса", "line.cuban.result_out": "%{name}: кости кончились",
               "table.deal_won": "у игрока %{name} не осталось костей",
               "ui.strength_cuban": "средний, сильный и эксперт", "replay.replay": "Повтор",
               "replay.problem_newer": "Файл записан более новой версией Domino Table.",
               "line.confirm_pass": "Пасовать? Подтвердите или отмените.",
               "ticker.cuban_lead_self": "первый ход за собой",
               "line.cuban.team_wins": "Команда %{team} выиграла партию %{names}"},
        "uk": {"table.draw": "Взяти", "table.end_chain": "Закінчити",
               "ticker.cuban_scores#few": "команда %{team}: +%{count} очка",
               "rules.cuban.not_played": "добору із запасу", "replay.replay": "Повтор"},
        "it": {"line.cuban.note_right_to_lead": "La squadra %{team} ha il diritto di aprire",
               "line.cuban.opener": "Apre %{name}", "line.cuban.redeal": "Ridistribuisci",
               "line.cuban.result_block": "Bloccata: il conto più basso è di %{name}",
               "line.jamaican.team_wins": "La coppia %{team} vince la sessione %{names}",
               "line.jamaican.next_match": "Prossima sessione",
               "line.confirm_pass": "Passare? Conferma o annulla."},
    }
    for code, texts in bad.items():
        for key, text in texts.items():
            assert violations(code, {key: text}), (code, key, text)
    good = {"ru": {"table.prompt_obligation": "%{train}: незакрытый дубль 5|5. Дополните его.",
                   "rules.mexican_train.first_round": "Общий и чужие поезда в этом ходу закрыты",
                   "table.prompt_drawn": "Вы добрали кость %{tile}: она подходит",
                   "ticker.cuban_scores#few": "команда %{team}: +%{count} очка"},
            "it": {"line.jamaican.opener": "Apre %{name}", "rules.jamaican.restart": "Una nuova sessione"}}
    for code, texts in good.items():
        for key, text in texts.items():
            assert not violations(code, {key: text}), (code, key, text)


def test_a_games_own_file_holds_its_own_words_and_is_checked(tmp_path, monkeypatch):
    """Issue 39: a game's file (``locales/games/GAME.LANG.json``) is read with the shared
    ones, its keys are that game's own words, and its texts keep the glossary."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "fives.ru.json").write_text(
        json.dumps({"ru": {"ui.game_fives": "Раздача 1", "ticker.fives_scored": "+%{count}"}}), encoding="utf-8")
    monkeypatch.setitem(globals(), "LOCALES", tmp_path)
    assert strings("ru") == {"ui.game_fives": "Раздача 1", "ticker.fives_scored": "+%{count}"}
    assert owner_of("ticker.fives_scored") == "fives"
    assert owner_of("ui.game_fives") is None  # its name: every game's menus list it
    assert violations("ru", strings("ru")) != []  # «Раздача»: the glossary's «сдача»


def test_each_key_is_the_own_word_of_one_game_at_most():
    for code in LANGUAGES:
        for key in strings(code):
            owner_of(key.split("#")[0])
    assert owner_of("table.next_match") == "mexican_train"
    assert owner_of("line.cuban.next_match") == "cuban"
    assert owner_of("table.new_game") is None


#: Issue 40's old texts, one of each kind (the whole old files fail too: see the report of
#: branch ``words``); each must fail, and its fixed text must pass.
ISSUE_40 = {
    "ru": [
        ("pictures.mt_double#few", "Незакрытый дубль %{tile}: %{count} дубля ждут, первым дополняют старший.",
         "Незакрытый дубль %{tile}: %{count} дубля ждут, первым дополняют тот, что выложен раньше."),
        ("table.prompt_drawn", "Вы взяли кость %{tile}: она подходит, поставьте её.",
         "Вы добрали кость %{tile}: она подходит, поставьте её."),
        ("ticker.mt_deal_search#one", "Сдача %{n}: стартовый дубль %{tile} у игрока %{name}, с базара взята %{count} кость",
         "Сдача %{n}: %{name} ставит стартовый дубль %{tile}, добрав с базара %{count} кость"),
        ("ui.log_draw", "%{name}: берёт кость с базара", "%{name}: добирает кость с базара"),
        ("rules.mexican_train.start", "Взятую кость видит только её владелец.",
         "Добранную кость видит только тот, кто её добрал."),
        ("pictures.cu_block_points#one", "Его команда получает %{count} очко соперников.",
         "Эта команда получает %{count} очко соперников."),
        ("rules.jamaican.goal", "пока у соперников 0: «шесть\u00a0— ноль» (six love).",
         "пока у соперников 0: «шесть\u00a0— ноль»."),
        ("ui.nav_hint", "Стрелки — перейти", "Стрелки\u00a0— перейти"),
        ("line.cuban.prompt_open", "Вы ходите первым: любая кость.", "Вы ходите первым: сыграйте любую кость."),
        ("line.prompt_pass", "Ни одна кость не подходит к концам: пас.",
         "Ни одна кость не подходит ни к одному концу: пасуйте."),
        ("rules.cuban.tiles", "остальные 15 лежат закрытыми и не используются весь кон",
         "остальные 15 весь кон лежат закрытыми"),
        ("phone.unused#one", "Лицом вниз: %{count} кость", "Закрытые: %{count} кость"),
        ("phone.title", "Домино", "Стол для домино"),
    ],
    "uk": [
        ("pictures.mt_double#few", "Відкритий дубль %{tile}: %{count} дублі чекають, першим доповнюють старший.",
         "Відкритий дубль %{tile}: %{count} дублі чекають, першим доповнюють той, що викладено раніше."),
        ("play.searched#one", "Пошук стартового дубля: ви взяли %{count} кісточку.",
         "Пошук стартового дубля: ви добрали %{count} кісточку."),
        ("rules.common.table", "Узята кісточка прихована, доки ви не підтвердите добір",
         "Добрана кісточка прихована, доки ви не підтвердите добір"),
        ("rules.cuban.lead_draw", "представники команд, беруть навмання по кісточці",
         "представники команд, тягнуть по кісточці"),
        ("line.prompt_pass", "Жодна кісточка не пасує до кінців: пас.",
         "Жодна кісточка не підходить до жодного кінця: пасуйте."),
        ("pictures.cu_block_points#one", "Його команда отримує %{count} очко суперників.",
         "Ця команда отримує %{count} очко суперників."),
        ("ui.ok", "Гаразд", "ОК"),
        ("rules.cuban.scoring", "не 15 невикористаних кісточок", "не 15 закритих кісточок"),
    ],
    "it": [
        ("line.cuban.note_draw_again", "Totali uguali: le tessere tornano e si pesca di nuovo",
         "Totali uguali: le tessere tornano e si ripete il sorteggio"),
        ("rules.cuban.lead_draw", "rappresentanti delle squadre, pescano una tessera a testa",
         "rappresentanti delle squadre, estraggono una tessera a testa"),
        ("phone.chooses_leader", "%{name} sceglie %{chosen} per aprire", "%{name} sceglie %{chosen} come primo di mano"),
        ("rules.cuban.end", "Se due avversari hanno gli stessi punti in mano, i meno di tutti, la mano è un pareggio",
         "Se il minimo di punti in mano è pari tra due avversari, la mano è un pareggio"),
        ("ui.restart_deal_confirm", "e i punti delle mani precedenti restano.",
         "e i punti delle mani precedenti resteranno."),
        ("rules.jamaican.goal", "«sei a zero» (six love).", "«sei a zero»."),
        ("save.quit_back", "Torna al gioco", "Torna alla partita"),
        ("rules.mexican_train.trains", "Ogni giocatore ha un treno proprio", "Ogni giocatore ha un treno privato"),
        ("rules.cuban.tiles", "le altre 15 restano a faccia in giù", "le altre 15 restano coperte"),
    ],
}

#: Templates that doubled a default name («Кости игрока Игрок 1») or said «(computer)» twice.
ISSUE_40_NAMES = {
    "en": [("table.turn_of", "%{name} (computer) to play", "%{name} to play")],
    "ru": [("table.your_hand", "Кости игрока %{name}", "Кости: %{name}"),
           ("ticker.mt_deal", "Сдача %{n}: стартовый дубль %{tile} у игрока %{name}",
            "Сдача %{n}: %{name} ставит стартовый дубль %{tile}"),
           ("pictures.ja_pass", "У игрока %{name} нет ни %{left}, ни %{right}: пас.",
            "%{name}: нет ни %{left}, ни %{right}, пас."),
           ("table.turn_of", "Ходит %{name} (компьютер)", "Ходит %{name}")],
    "uk": [("table.your_hand", "Кісточки гравця %{name}", "Кісточки: %{name}"),
           ("coach.tile_on_train", "%{tile} на потяг: %{name}", "%{tile} на потяг (%{name})"),
           ("ticker.play_train", "%{tile} на потяг гравця %{owner}", "%{tile} на потяг (%{owner})")],
    "it": [("table.your_hand", "Tessere di %{name}", "Tessere: %{name}"),
           ("table.turn_of", "Tocca a %{name}", "Di turno: %{name}"),
           ("reasons.cover_for_partner", "Il tuo compagno %{name} non ha il %{number}",
            "Il tuo compagno (%{name}) non ha il %{number}"),
           ("line.cuban.result_block", "Bloccata: meno punti in mano per %{name} (%{count})",
            "Bloccata. Meno punti in mano: %{name} (%{count})")],
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_check_catches_each_kind_issue_40_found(code):
    """Each old text of issue 40 fails the glossary, and its fix passes it."""
    for key, old, fixed in ISSUE_40.get(code, []):
        assert violations(code, {key: old}), (code, key, old)
        assert not violations(code, {key: fixed}), (code, key, fixed)
    for key, old, fixed in ISSUE_40_NAMES.get(code, []):
        assert name_violations(code, {key: old}), (code, key, old)
        assert not name_violations(code, {key: fixed}), (code, key, fixed)
    # the one template the code guards may say «(computer)» after a name
    assert not name_violations(code, {"table.computer_thinking": "%{name} (computer) is playing…"})
