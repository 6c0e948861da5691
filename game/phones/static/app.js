// The phone page (issue 27): one seat's hand and decisions, from the state the program sends.
// Plain JavaScript, no build step, nothing from the internet.  The protocol is in docs/phones.md.
"use strict";
(() => {
  const SVGNS = "http://www.w3.org/2000/svg";
  const code = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  const $ = (id) => document.getElementById(id);

  let ws = null;
  let strings = {};
  let lang = "en";
  let me = { seat: null, name: "" };
  let state = null;
  let rev = 0;
  let selected = null;       // "a-b": the tile chosen, waiting for a target
  let retry = 0;
  let retryTimer = null;
  let ended = false;         // taken over, or sent away: no automatic reconnect
  let wasMyTurn = false;
  let audioOk = false;
  let lastPong = 0;
  let coachOpen = false;     // the deal-end sheet shows this seat's coach instead of the scores
  const sound = new Audio("/static/turn.wav");

  // ------------------------------------------------------------------ words

  // CLDR plural categories, as game/i18n.py chooses them.
  function pluralCategory(code, n) {
    const i = Math.floor(Math.abs(n));
    const whole = Number.isInteger(n);
    if (code === "ru" || code === "uk") {
      if (!whole) return "other";
      if (i % 10 === 1 && i % 100 !== 11) return "one";
      if (i % 10 >= 2 && i % 10 <= 4 && !(i % 100 >= 12 && i % 100 <= 14)) return "few";
      return "many";
    }
    return i === 1 && whole ? "one" : "other";
  }

  function t(key, params, count) {
    let text = strings[key];
    if (text === undefined) return "";
    if (typeof text === "object") {
      const form = pluralCategory(lang, count === undefined ? 0 : count);
      text = text[form] || text.other || Object.values(text)[0];
    }
    const all = Object.assign({}, params || {});
    if (count !== undefined && all.count === undefined) all.count = count;
    return text.replace(/%\{(\w+)\}/g, (m, name) => (all[name] === undefined ? m : String(all[name])));
  }

  const tileText = (tile) => `${tile[0]}|${tile[1]}`;

  // A number and a tile as a screen reader should say them (issue 41): "5 9", "double 6",
  // "blank 3", never "5|9" (read "five vertical bar nine").
  const numberName = (n) => (n === 0 ? t("phone.blank") : String(n));
  function tileName(tile) {
    const [a, b] = tile;
    return a === b ? t("phone.tile_double", { n: numberName(a) }) : t("phone.tile_name", { a: numberName(a), b: numberName(b) });
  }
  const tileKey = (tile) => `${tile[0]}-${tile[1]}`;

  function seatName(seat) {
    if (!state) return String(seat);
    const s = state.seats.find((x) => x.seat === seat);
    return s ? s.name : String(seat);
  }

  // A game's own word (line.GAME.WORD, sent with the page's strings) where it has one, else ours.
  function gameWord(word, fallback, params) {
    const key = state ? `line.${state.game}.${word}` : "";
    return strings[key] !== undefined ? t(key, params) : t(fallback, params);
  }

  function teamName(team) {
    return gameWord("team", "phone.team", { team, n: team });
  }

  function targetName(action) {
    if (action.train !== undefined) {
      if (typeof action.train === "string") return t("phone.shared_train");  // the train no seat owns
      if (action.train === state.seat) return t("phone.train_yours");
      return t("phone.train_of", { name: seatName(action.train) });
    }
    if (action.end !== undefined) {
      if (!state.line || state.line.length === 0) return "";
      return action.end === "L" ? t("phone.end_left") : t("phone.end_right");
    }
    return "";
  }

  function describe(action) {
    switch (action.kind) {
      case "play": {
        const target = targetName(action);
        return target ? t("phone.play", { tile: tileText(action.tile), target }) : t("phone.play_open", { tile: tileText(action.tile) });
      }
      case "place_engine": return t("phone.place_engine", { tile: tileText(action.tile) });
      case "draw": return t("phone.draw");
      case "pass": return t("phone.pass");
      case "end_chain": return t("phone.end_chain");
      case "accept": return t("phone.accept");
      case "redeal": return t("phone.redeal");
      case "lead": return gameWord("opener", "phone.leads", { name: seatName(action.seat) });
      default: return action.kind;
    }
  }

  // One of the deal's public events in words.  A choice of who leads names both seats in
  // one sentence ("Anna leads", "Anna chooses Clara to lead"), never "Anna: Anna leads".
  function recentLine(e) {
    if (e.kind === "lead") {
      const name = seatName(e.seat);
      return e.chosen === e.seat ? gameWord("opener", "phone.leads", { name })
        : gameWord("log_opener", "phone.chooses_leader", { name, chosen: seatName(e.chosen) });
    }
    if (e.kind === "reset") return gameWord("six_love_reset", "phone.team", { team: e.team, n: e.team });
    const who = `${seatName(e.seat)}: `;
    if (e.kind === "play" || e.kind === "engine") return who;
    if (e.kind === "mark" || e.kind === "unmark" || e.kind === "search") return who + t(`phone.log_${e.kind}`);
    return who + describe({ kind: e.kind, seat: e.seat });
  }

  // ------------------------------------------------------------------ tiles

  const C3 = [0.22, 0.5, 0.78];
  const R4 = [0.16, 0.388, 0.612, 0.84];
  const G = { t: C3[0], m: C3[1], b: C3[2], l: C3[0], c: C3[1], r: C3[2] };
  const g3 = (...cells) => cells.map((c) => [G[c[1]], G[c[0]]]);
  // The pip layouts of tools/make_art.py, so a phone's tile looks like the table's.
  function pipLayout(n) {
    if (n <= 9) {
      return [[], g3("mc"), g3("tl", "br"), g3("tl", "mc", "br"), g3("tl", "tr", "bl", "br"),
        g3("tl", "tr", "mc", "bl", "br"), g3("tl", "ml", "bl", "tr", "mr", "br"),
        g3("tl", "ml", "bl", "tr", "mr", "br", "mc"), g3("tl", "ml", "bl", "tr", "mr", "br", "tc", "bc"),
        g3("tl", "ml", "bl", "tr", "mr", "br", "tc", "mc", "bc")][n];
    }
    const sides = [];
    for (const x of [C3[0], C3[2]]) for (const y of R4) sides.push([x, y]);
    const middle = { 10: [0.3, 0.7], 11: [0.22, 0.5, 0.78], 12: R4 }[n];
    return sides.concat(middle.map((y) => [0.5, y]));
  }

  function el(name, attrs) {
    const node = document.createElementNS(SVGNS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    return node;
  }

  function half(svg, n, ox, oy) {
    const look = state.look;
    const colour = look.colours[n] || "#222";
    if (look.style === "numerals") {
      const text = el("text", { x: ox + 50, y: oy + 68, "text-anchor": "middle", "font-size": 52,
        "font-weight": 700, fill: colour });
      text.textContent = String(n);
      svg.appendChild(text);
      return;
    }
    const r = (n <= 9 ? 0.092 : 0.078) * 84;
    for (const [u, v] of pipLayout(n)) {
      const cx = ox + 8 + u * 84;
      const cy = oy + 8 + v * 84;
      if (look.shapes[n] === "diamond") {
        svg.appendChild(el("polygon", { points: `${cx},${cy - r * 1.2} ${cx + r * 1.2},${cy} ${cx},${cy + r * 1.2} ${cx - r * 1.2},${cy}`, fill: colour }));
      } else {
        svg.appendChild(el("circle", { cx, cy, r, fill: colour }));
      }
    }
  }

  // A tile upright (first number on top) or lying (first number on the left).
  function tileSvg(a, b, lying) {
    const w = lying ? 200 : 100;
    const h = lying ? 100 : 200;
    const svg = el("svg", { viewBox: `-4 -4 ${w + 8} ${h + 8}`, role: "img", "aria-label": tileName([a, b]) });
    svg.appendChild(el("rect", { class: "body", x: 0, y: 0, width: w, height: h, rx: 12, fill: "#F7F1E3", stroke: "#968A74", "stroke-width": 3 }));
    if (lying) {
      svg.appendChild(el("line", { x1: 100, y1: 10, x2: 100, y2: 90, stroke: "#5C5246", "stroke-width": 3 }));
      half(svg, a, 0, 0);
      half(svg, b, 100, 0);
    } else {
      svg.appendChild(el("line", { x1: 10, y1: 100, x2: 90, y2: 100, stroke: "#5C5246", "stroke-width": 3 }));
      half(svg, a, 0, 0);
      half(svg, b, 0, 100);
    }
    return svg;
  }

  function mini(tile, lying) {
    const span = document.createElement("span");
    span.className = "mini";
    span.appendChild(tileSvg(tile[0], tile[1], lying));
    return span;
  }

  function endChip(n) {
    // an open end: the number as its half of a tile shows it
    const span = document.createElement("span");
    span.className = "end";
    const svg = el("svg", { viewBox: "-4 -4 108 108", role: "img", "aria-label": numberName(n) });
    svg.appendChild(el("rect", { x: 0, y: 0, width: 100, height: 100, rx: 12, fill: "#F7F1E3", stroke: "#968A74", "stroke-width": 3 }));
    half(svg, n, 0, 0);
    span.appendChild(svg);
    return span;
  }

  // ------------------------------------------------------------------ the state

  function legalWith(key) {
    const out = [];
    state.legal.forEach((a, i) => { if (a.tile && tileKey(a.tile) === key) out.push(i); });
    return out;
  }

  function button(label, cls, onTap) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (cls) b.className = cls;
    b.addEventListener("click", onTap);
    return b;
  }

  // The decision buttons, kept between states by what they do (issue 41: a screen reader's
  // focus stays on a button that is still there).
  const rowButtons = new Map();
  function renderButtons(items) {
    const row = $("buttons");
    const keys = items.map((x) => x.key);
    for (const [key, b] of rowButtons) {
      if (!keys.includes(key)) { b.remove(); rowButtons.delete(key); }
    }
    items.forEach((item, i) => {
      let b = rowButtons.get(item.key);
      if (!b) {
        b = button("", "", () => {});
        rowButtons.set(item.key, b);
      }
      b.textContent = item.label;
      b.className = item.cls || "";
      b.onclick = item.onTap;
      if (row.children[i] !== b) row.insertBefore(b, row.children[i] || null);
    });
  }

  function placeFocus() {
    if (focusWanted === "target") {
      const b = document.querySelector("#table .target.lit");
      if (b) { b.focus(); focusWanted = null; }
    } else if (focusWanted === "confirm") {
      const b = document.querySelector("#buttons button.confirm");
      if (b) { b.focus(); focusWanted = null; }
    }
  }

  // issue 41: what the live regions say.  A message said again is still read: the region is
  // emptied first, then filled a moment later.
  function say(id, text) {
    const region = $(id);
    if (!region || !text) return;
    region.textContent = "";
    setTimeout(() => { region.textContent = text; }, 60);
  }

  // Where focus goes after the next render: only when the player picked something.
  let focusWanted = null;
  // The hand's buttons by tile, kept between states so focus is never lost to a redraw.
  const handButtons = new Map();
  let heard = [];            // the deal's events already announced (their JSON)
  let heardDeal = null;

  function headings() {
    $("h-seats").textContent = t("phone.h_seats");
    $("h-table").textContent = t("phone.h_table");
    $("h-hand").textContent = t("phone.h_hand");
    $("h-recent").textContent = t("phone.h_recent");
  }

  // The others' moves since the last state, said politely (one's own are said by the page).
  // ``recent`` is a sliding window: the new events are those past the longest overlap.
  function announce(s) {
    const key = `${s.match}-${s.deal}`;
    const now = s.recent.map((e) => JSON.stringify(e));
    if (heardDeal !== key) { heardDeal = key; heard = now; return; }
    let k = Math.min(heard.length, now.length);
    for (; k > 0; k--) {
      if (heard.slice(heard.length - k).join("\n") === now.slice(0, k).join("\n")) break;
    }
    heard = now;
    const lines = s.recent.slice(k).filter((e) => e.seat !== s.seat).map(recentSpoken);
    if (lines.length) say("say-polite", lines.join(". "));
  }

  function recentSpoken(e) {
    let text = recentLine(e);
    if (e.kind === "play" || e.kind === "engine") {
      text += tileName(e.tile);
      const target = e.kind === "play" ? targetName(e) : "";
      if (target) text += `, ${target}`;
    }
    return text;
  }

  function handLabel(tile, s, playable) {
    const name = tileName(tile);
    if (!s.my_turn) return name;
    if (!playable) return `${name}, ${t("phone.cannot_play")}`;
    const where = legalWith(tileKey(tile)).map((i) => targetName(s.legal[i])).filter((x) => x);
    return where.length ? `${name}, ${t("phone.plays_on", { where: where.join(", ") })}` : `${name}, ${t("phone.can_play")}`;
  }

  function renderHand(s, tiles, playable, pending) {
    const hand = $("hand");
    const keys = tiles.map(tileKey);
    for (const [key, b] of handButtons) {
      if (!keys.includes(key)) { b.remove(); handButtons.delete(key); }
    }
    tiles.forEach((tile, i) => {
      const key = keyFor(tile);
      let b = handButtons.get(key);
      if (!b) {
        b = document.createElement("button");
        b.type = "button";
        b.appendChild(tileSvg(tile[0], tile[1], false));
        b.addEventListener("click", () => onTile(key));
        handButtons.set(key, b);
      }
      let cls = "tile";
      if (s.my_turn) cls += playable.has(key) ? " lit" : " dead";
      const chosen = selected === key || (pending && pending.tile && tileKey(pending.tile) === key);
      if (chosen) cls += " chosen";
      b.className = cls;
      b.setAttribute("aria-label", handLabel(tile, s, playable.has(key)));
      b.setAttribute("aria-pressed", chosen ? "true" : "false");
      if (hand.children[i] !== b) hand.insertBefore(b, hand.children[i] || null);  // moved only when out of place
    });
  }

  function keyFor(tile) { return tileKey(tile); }

  function render() {
    const s = state;
    $("me").textContent = me.name;
    headings();
    const status = $("status");
    status.classList.toggle("mine", !!(s && s.my_turn));
    if (!s) {
      status.textContent = t("phone.waiting_start");
      for (const id of ["seats", "table", "hand", "buttons", "recent"]) $(id).replaceChildren();
      handButtons.clear();
      rowButtons.clear();
      $("prompt").textContent = "";
      showSheet(null);
      return;
    }
    // issue 37: from a confirm until the move lands, the seat is offered nothing and says so
    status.textContent = s.applying ? t("phone.applying") : s.my_turn ? t("phone.your_turn")
      : s.to_act ? t("phone.turn_of", { name: seatName(s.to_act) })
        : t(s.match_end ? "phone.match_over" : "phone.deal_over");  // a heading is never empty
    announce(s);

    // seats
    const seats = $("seats");
    seats.replaceChildren(...s.seats.map((x) => {
      const chip = document.createElement("span");
      chip.className = "seat" + (x.seat === s.to_act ? " turn" : "") + (x.me ? " me" : "") + (x.partner ? " partner" : "");
      let text = `${x.me ? t("phone.you") : x.name} · ${t("phone.tiles", {}, x.tiles)}`;
      if (x.partner) text += ` · ${t("phone.partner")}`;
      if (x.marked) text += ` · ${t("phone.marked")}`;
      chip.textContent = text;
      return chip;
    }));

    // the ends or trains this seat can play on, lit for the chosen tile
    const pending = s.pending === null ? null : s.legal[s.pending];
    // the targets of the chosen tile, or of the previewed one (a hint, a second look)
    const focusTile = selected || (pending && pending.tile ? tileKey(pending.tile) : null);
    const chosen = focusTile ? legalWith(focusTile) : [];
    const table = $("table");
    const parts = [];
    if (s.trains) {
      for (const tr of s.trains) {
        const idx = chosen.find((i) => s.legal[i].train === tr.train);
        const isTarget = idx !== undefined;
        if (!tr.open && !isTarget) continue;
        const name = targetName({ train: tr.train });
        const b = document.createElement("button");
        b.type = "button";
        b.className = "target" + (isTarget ? " lit" : (s.my_turn && selected ? " closed" : ""))
          + (pending && pending.train === tr.train && pending.kind === "play" ? " chosen" : "");
        b.appendChild(endChip(tr.end));
        b.setAttribute("aria-label", `${name}: ${numberName(tr.end)}${tr.marked ? `, ${t("phone.marked")}` : ""}`);
        const label = document.createElement("span");
        label.textContent = name;
        b.appendChild(label);
        if (tr.marked) {
          const m = document.createElement("span");
          m.className = "mark";
          m.textContent = "⚑";
          m.title = t("phone.marked");
          b.appendChild(m);
        }
        if (isTarget) b.addEventListener("click", () => onTarget(idx));
        else b.setAttribute("aria-disabled", "true");  // shown for what it is, not a place to play now
        parts.push(b);
      }
      const c = document.createElement("span");
      c.className = "counter";
      c.textContent = t("phone.boneyard", {}, s.boneyard);
      parts.push(c);
    } else {
      const line = document.createElement("div");
      line.className = "line";
      if (s.line.length === 0) {
        line.textContent = t("phone.line_empty");
      } else {
        for (const lying of s.line) line.appendChild(mini(lying, true));
      }
      parts.push(line);
      if (s.left !== null) {
        for (const [end, n] of [["L", s.left], ["R", s.right]]) {
          const idx = chosen.find((i) => s.legal[i].end === end);
          const b = document.createElement("button");
          b.type = "button";
          b.className = "target" + (idx !== undefined ? " lit" : "")
            + (pending && pending.kind === "play" && pending.end === end ? " chosen" : "");
          b.appendChild(endChip(n));
          const label = document.createElement("span");
          label.textContent = end === "L" ? t("phone.end_left") : t("phone.end_right");
          b.setAttribute("aria-label", `${label.textContent}: ${numberName(n)}`);
          b.appendChild(label);
          if (idx !== undefined) b.addEventListener("click", () => onTarget(idx));
          else b.setAttribute("aria-disabled", "true");
          parts.push(b);
        }
      }
      if (s.unused) {
        const c = document.createElement("span");
        c.className = "counter";
        c.textContent = t("phone.unused", {}, s.unused);
        parts.push(c);
      }
    }
    table.replaceChildren(...parts);

    // what is asked of this seat
    const prompt = $("prompt");
    prompt.classList.toggle("preview", !!pending);
    if (pending) {
      prompt.textContent = t(s.pending_is_hint ? "phone.preview_hint" : "phone.preview", { what: describe(pending) });
    } else if (selected && chosen.length > 1) {
      prompt.textContent = t("phone.choose_target");
    } else if (s.my_turn && s.legal.some((a) => a.kind === "accept")) {
      prompt.textContent = t("phone.accept_why");  // what Accept accepts (CU-4)
    } else if (s.my_turn) {
      prompt.textContent = s.playable.length ? t("phone.play_on") : "";
    } else {
      prompt.textContent = "";
    }
    // issue 31: a hint says why, in the phone's language
    const reason = $("reason");
    const why = pending && s.pending_is_hint ? s.hint_reason : null;
    reason.hidden = !why;
    reason.textContent = why
      ? t("reasons." + why.kind, { number: why.number, name: why.seat ? seatName(why.seat) : "" }, why.figure === null ? undefined : why.figure)
      : "";

    // the hand: playable tiles lit, the dead ones dimmed while it is this seat's decision
    const playable = new Set(s.playable.map(tileKey));
    const tiles = s.hand.slice();
    for (const a of s.legal) {  // the engine still waits in the hand until it is placed (MT-4)
      if (a.kind === "place_engine" && !tiles.some((x) => tileKey(x) === tileKey(a.tile))) tiles.push(a.tile);
    }
    renderHand(s, tiles, playable, pending);

    // the decisions as buttons; confirm and cancel while one is previewed (UX-1)
    const items = [];
    s.legal.forEach((a, i) => {
      if (a.tile) return;
      items.push({ key: `decision-${a.kind}-${a.seat || ""}`, label: describe(a), cls: s.pending === i ? "chosen" : "",
        onTap: () => onDecision(i) });
    });
    if (pending) {
      items.push({ key: "confirm", label: t("phone.confirm"), cls: "confirm", onTap: onConfirm });
      items.push({ key: "cancel", label: t("phone.cancel"), cls: "cancel", onTap: onCancel });
    }
    if (s.hint) items.push({ key: "hint", label: t("phone.hint"), cls: "secondary", onTap: () => send({ type: "hint", rev }) });
    if (s.undo) items.push({ key: "undo", label: t("phone.undo"), cls: "secondary", onTap: () => send({ type: "undo", rev }) });
    renderButtons(items);

    // the deal's latest public events
    $("recent").replaceChildren(...s.recent.slice().reverse().map((e) => {
      const li = document.createElement("li");
      li.textContent = recentLine(e);
      if (e.kind === "play" || e.kind === "engine") {
        li.appendChild(mini(e.tile, true));
        if (e.kind === "play") li.append(` ${targetName(e)}`);
      }
      return li;
    }));

    showEnd();
    placeFocus();
  }

  // The coach's words for one graded decision: what was played, and the better move known.
  function coachMove(action, opening) {
    if (opening && action.kind === "play") return t("phone.play_open", { tile: tileText(action.tile) });
    return describe(action);
  }

  function coachBody(report) {
    const body = document.createElement("div");
    body.className = "coach";
    const p = document.createElement("p");
    if (report.status === "grading") {
      p.textContent = t("phone.coach_grading");
    } else if (report.status !== "ready") {
      p.textContent = t("phone.coach_failed");
    } else if (!report.rows.length) {
      p.textContent = t("phone.coach_nothing");
    } else if (!report.inaccuracies && !report.blunders) {
      p.textContent = t("phone.coach_clean");
    } else {
      const counts = [];
      if (report.inaccuracies) counts.push(t("phone.coach_inaccuracies", {}, report.inaccuracies));
      if (report.blunders) counts.push(t("phone.coach_blunders", {}, report.blunders));
      p.textContent = counts.join(", ") + (report.cost_the_hand ? ` · ${t("phone.coach_cost_hand")}` : "");
    }
    body.appendChild(p);
    if (report.status === "ready") {
      // the decisions that had a better move (or were only fine) first-hand; the best ones counted
      const list = document.createElement("ol");
      list.className = "coach-rows";
      report.rows.forEach((row, i) => {
        if (row.label === "best") return;
        const li = document.createElement("li");
        li.className = `grade ${row.label}` + (report.worst === i ? " worst" : "");
        const label = document.createElement("b");
        label.textContent = t(`phone.coach_label_${row.label}`);
        li.append(label, ` ${t("phone.coach_played", { what: coachMove(row.played, row.opening) })}`);
        if (row.better) li.append(` · ${t("phone.coach_better", { what: coachMove(row.better, row.opening) })}`);
        list.appendChild(li);
      });
      if (list.children.length) body.appendChild(list);
      const best = report.rows.filter((row) => row.label === "best").length;
      if (best && list.children.length) {
        const more = document.createElement("p");
        more.className = "coach-best";
        more.textContent = t("phone.coach_best_count", {}, best);
        body.appendChild(more);
      }
    }
    return body;
  }

  function scoresBody() {
    const s = state;
    const body = document.createElement("div");
    const end = s.deal_end;
    if (end) {
      for (const h of end.hands) {
        const row = document.createElement("div");
        row.className = "reveal-row";
        const name = document.createElement("span");
        name.className = "name";
        name.textContent = seatName(h.seat);
        row.appendChild(name);
        for (const tile of h.tiles) row.appendChild(mini(tile, false));
        const score = end.scores.find((x) => x.seat === h.seat);
        const text = document.createElement("span");
        text.textContent = score.penalty !== undefined
          ? ` ${t("phone.penalty", { count: score.penalty })} · ${t("phone.total", { count: score.total })}`
          : ` ${t("phone.points", {}, score.pips)}`;
        row.appendChild(text);
        body.appendChild(row);
      }
      if (end.winner_team) {
        const won = document.createElement("p");
        won.textContent = `${t("phone.winner", { name: teamName(end.winner_team) })} (+${end.points})`;
        body.appendChild(won);
      }
      if (end.teams) {
        const row = document.createElement("div");
        row.textContent = end.teams.map((x) => `${teamName(x.team)}: ${x.total}`).join(" · ");
        body.appendChild(row);
      }
    }
    if (s.match_end) {
      const row = document.createElement("p");
      row.textContent = s.match_end.winners.map((w) => (w.seat ? seatName(w.seat) : teamName(w.team)))
        .map((name) => t("phone.winner", { name })).join(" · ");
      body.appendChild(row);
    }
    return body;
  }

  function showEnd() {
    const s = state;
    if (!(s.match_end || s.deal_end)) {
      coachOpen = false;
      if (!ended) showSheet(null);
      return;
    }
    const actions = document.createElement("div");
    actions.className = "sheet-actions";
    let title;
    let body;
    if (coachOpen && s.coach_report) {
      title = t("phone.coach_title");
      body = coachBody(s.coach_report);
      actions.appendChild(button(t("phone.coach_back"), "secondary", () => { coachOpen = false; render(); }));
    } else {
      title = t(s.match_end ? "phone.match_over" : "phone.deal_over");
      body = scoresBody();
      if (s.coach) {
        actions.appendChild(button(t("phone.coach"), "secondary coach-button", () => {
          coachOpen = true;
          if (!s.coach_report) send({ type: "coach", rev });
          render();
        }));
      }
    }
    if (s.continue) actions.appendChild(button(t("phone.continue"), "confirm continue", () => send({ type: "continue", rev })));
    if (actions.children.length) body.appendChild(actions);
    showSheet(title, body, null);
  }

  function showSheet(title, body, action) {
    const sheet = $("sheet");
    if (title === null) { sheet.classList.add("hidden"); return; }
    $("sheet-title").textContent = title;
    const text = $("sheet-text");
    if (typeof body === "string") text.textContent = body; else text.replaceChildren(...(body ? [body] : []));
    const b = $("sheet-button");
    if (action) {
      b.textContent = action.label;
      b.onclick = action.run;
      b.classList.remove("hidden");
    } else {
      b.classList.add("hidden");
    }
    sheet.classList.remove("hidden");
  }

  let toastTimer = null;
  function toast(text) {
    if (!text) return;
    say("say-now", text);
    const box = $("toast");
    box.textContent = text;
    box.classList.remove("hidden");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => box.classList.add("hidden"), 3500);
  }

  // ------------------------------------------------------------------ taps

  function onTile(key) {
    if (!state || !state.my_turn) return;
    const options = legalWith(key);
    if (options.length === 0) { selected = null; render(); return; }
    const pending = state.pending === null ? null : state.legal[state.pending];
    if (pending && pending.tile && tileKey(pending.tile) === key && options.length === 1) { onConfirm(); return; }
    if (selected === key && !pending) { selected = null; render(); return; }
    selected = key;
    focusWanted = options.length === 1 ? "confirm" : "target";  // to where it goes (issue 41)
    if (options.length === 1) send({ type: "preview", rev, index: options[0] });
    render();
  }

  function onTarget(index) {
    focusWanted = "confirm";
    if (state.pending === index) onConfirm(); else send({ type: "preview", rev, index });
  }

  function onDecision(index) {
    selected = null;
    focusWanted = "confirm";
    if (state.pending === index) onConfirm(); else send({ type: "preview", rev, index });
  }

  function onConfirm() {
    if (state && state.pending !== null) send({ type: "confirm", rev, index: state.pending });
  }

  function onCancel() {
    selected = null;
    send({ type: "cancel", rev });
    render();
  }

  // ------------------------------------------------------------------ the connection

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }

  function link(up) {
    const dot = $("link");
    dot.className = "link " + (up ? "up" : "down");
    dot.title = up ? "" : t("phone.reconnecting");
    dot.setAttribute("aria-label", up ? t("phone.connected") : t("phone.reconnecting"));  // not colour alone
  }

  function connect() {
    clearTimeout(retryTimer);
    if (ended || ws) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    ws = socket;
    socket.onopen = () => {
      retry = 0;
      lastPong = Date.now();
      const wanted = (navigator.language || "en").slice(0, 2).toLowerCase();
      send({ type: "join", code, lang: wanted });
    };
    socket.onmessage = (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch (e) { return; }
      receive(msg);
    };
    socket.onclose = () => {
      if (ws === socket) ws = null;
      link(false);
      if (!ended) {
        if (!state) $("status").textContent = t("phone.reconnecting");
        // back off to one try every 2 s, for as long as the page is open: the program may be
        // starting again (issue 37), and the network's return also retries at once ("online")
        const delay = Math.min(2000, 250 * 2 ** retry);
        retry += 1;
        retryTimer = setTimeout(connect, delay);
      }
    };
  }

  function receive(msg) {
    switch (msg.type) {
      case "welcome":
        strings = msg.strings || {};
        lang = msg.lang || "en";
        document.documentElement.lang = lang;
        document.title = t("phone.title");
        me = { seat: msg.seat, name: msg.name };
        link(true);
        break;
      case "state": {
        const before = state;
        state = msg.state;
        rev = msg.rev;
        if (state && state.v !== 1) { state = null; break; }
        if (!state || !state.my_turn || (selected && !state.playable.map(tileKey).includes(selected))) selected = null;
        const mine = !!(state && state.my_turn);
        if (mine && !wasMyTurn && before !== undefined) notify();
        const turnStarts = mine && !wasMyTurn;
        wasMyTurn = mine;
        render();
        // issue 41: the turn, and what is asked, said at once (the others' moves wait their turn)
        if (turnStarts) say("say-now", [t("phone.your_turn"), $("prompt").textContent].filter((x) => x).join(". "));
        break;
      }
      case "error":
        toast(t(msg.key));
        if (msg.key === "phone.error_bad_code" || msg.key === "phone.error_too_many_tries") {
          ended = true;
          showSheet(t(msg.key), "", null);
        }
        break;
      case "taken_over":
        ended = true;
        showSheet(t("phone.taken_over"), "", { label: t("phone.rejoin"), run: rejoin });
        break;
      case "bye": {
        ended = true;
        const key = { quit: "phone.bye_quit", match_end: "phone.bye_match_end", new_codes: "phone.bye_new_codes" }[msg.reason] || "phone.bye_quit";
        showSheet(t(key), "", msg.reason === "new_codes" ? null : { label: t("phone.rejoin"), run: rejoin });
        break;
      }
      case "pong":
        lastPong = Date.now();
        break;
      default:
        break;
    }
  }

  function rejoin() {
    ended = false;
    showSheet(null);
    retry = 0;
    connect();
  }

  function notify() {
    // A short buzz and the table's turn sound, where the phone allows them.
    if (navigator.vibrate) { try { navigator.vibrate(120); } catch (e) { /* not allowed */ } }
    if (audioOk) { sound.currentTime = 0; sound.play().catch(() => {}); }
  }

  // Browsers allow sound only after a touch: the first one unlocks it.
  document.addEventListener("pointerdown", () => { audioOk = true; }, { once: true });

  // After the screen was off: reconnect at once, and check a socket that looks open.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || ended) return;
    check(3000);
  });

  // Is the socket alive?  A ping, and a new connection if no pong comes within ``wait`` ms.
  function check(wait) {
    if (ended) return;
    if (ws && ws.readyState !== WebSocket.OPEN) {  // a try begun while the network was away
      const stuck = ws;
      ws = null;
      try { stuck.close(); } catch (e) { /* gone */ }
    }
    if (!ws) { retry = 0; connect(); return; }
    const asked = Date.now();
    send({ type: "ping" });
    setTimeout(() => {
      if (ws && lastPong < asked) { const dead = ws; ws = null; try { dead.close(); } catch (e) { /* gone */ } retry = 0; connect(); }
    }, wait);
  }

  // The network went (Wi-Fi lost, airplane mode): say so at once.  It is back: check the
  // socket now and reconnect at once, not at the next try (issue 37).
  window.addEventListener("offline", () => {
    if (ended) return;
    link(false);
    $("status").textContent = t("phone.reconnecting");
    // the socket cannot outlive the network: close it, so the first try after it comes back
    // is a new connection that receives the latest state
    if (ws) { const dead = ws; ws = null; try { dead.close(); } catch (e) { /* gone */ } }
  });
  window.addEventListener("online", () => check(1000));

  $("status").textContent = "…";
  connect();
})();
