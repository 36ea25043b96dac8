// The table screen: draws the kiosk's view of the night from its server-sent events.
// Everything shown comes from the kiosk (the host's own words and its ledger); text is set with
// textContent, never parsed as HTML. No animation: nothing on this page flashes or moves by itself.
"use strict";

const $ = (id) => document.getElementById(id);
const CAPTION_MIN_MS = 1800;
const CAPTION_MS_PER_CHAR = 55;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function teamBadge(look, withName) {
  const badge = el("span", "badge");
  badge.style.backgroundColor = look.colour;
  badge.append(el("span", "initial", look.initial));
  if (withName) badge.append(el("span", "badge-name", look.name));
  return badge;
}

function drawTeams(view) {
  const list = $("teams");
  list.replaceChildren();
  for (const team of view.teams) {
    const item = el("li", "team");
    // Only between questions is anyone picking: while a question is open the ledger's pick names who picks
    // next, and in the Candle-End nobody picks.
    const between = view.stage === "pick" || view.stage === "ruled";
    const picking = team.picking && between && !view.candle_end;
    if (picking) item.classList.add("picking");
    item.append(teamBadge(team.look, true));
    item.append(el("span", "score", String(team.score)));
    const marks = [];
    if (picking) marks.push("picks next");
    if (team.answered) marks.push("answered ✓");
    // In the Candle-End the banner names the tied teams: the header stays one row.
    if (team.out) marks.push("out");
    if (marks.length) item.append(el("span", "marks", marks.join(" · ")));
    list.append(item);
  }
}

function drawBoard(view) {
  const grid = $("board");
  grid.replaceChildren();
  for (const column of view.board) {
    const col = el("div", "column");
    const head = el("h3", "category");
    head.append(el("span", "letter", column.letter), el("span", "category-title", column.title));
    col.append(head);
    for (const cell of column.cells) {
      const box = el("div", "cell " + cell.state);
      box.dataset.cell = cell.id;
      let said = `${cell.id}, ${cell.points} point${cell.points > 1 ? "s" : ""}: `;
      if (cell.state === "free") {
        box.append(el("span", "points", String(cell.points)));
        said += "not played yet";
      } else if (cell.state === "open") {
        box.append(el("span", "points", "?"), el("span", "now", "now"));
        said += "being played now";
      } else if (cell.state === "nobody") {
        box.append(el("span", "nobody", "–"));
        said += "nobody scored";
      } else {
        // Three or four scorers: smaller badges on one line, so a played cell never grows its row.
        const badges = el("span", cell.scorers.length > 2 ? "scorers many" : "scorers");
        for (const look of cell.scorers) badges.append(teamBadge(look, false));
        box.append(badges);
        said += cell.scorers.map((look) => look.name).join(" and ") + " scored";
      }
      box.setAttribute("role", "img");
      box.setAttribute("aria-label", said);
      col.append(box);
    }
    grid.append(col);
  }
}

function paragraphs(lines, className) {
  const box = el("div", className);
  for (const line of lines) box.append(el("p", "", line));
  return box;
}

function whoHasAnswered(view) {
  const answered = view.teams.filter((t) => t.answered && !t.out).map((t) => t.look.name);
  const waiting = view.teams.filter((t) => !t.answered && !t.out).map((t) => t.look.name);
  const box = el("div", "answered");
  if (view.teams.length === 1 && view.teams[0].look.name === "You") {
    box.append(el("p", "", answered.length ? "Your answer is in." : "Waiting for your answer."));
    return box;
  }
  const said = "Answers in: " + (answered.join(", ") || "none yet");
  box.append(el("p", "", waiting.length ? `${said} · Waiting for: ${waiting.join(", ")}` : said));
  return box;
}

const questionSeen = { key: null, at: 0 };

function saidWithThisQuestion(view) {
  const key = view.question.cell + "|" + view.question.text;
  if (questionSeen.key !== key) {
    questionSeen.key = key;
    questionSeen.at = view.replies;
  }
  return view.replies === questionSeen.at;
}

// A long question is set smaller, so that it and what the kiosk said after it fit a TV screen that cannot scroll.
function lengthClass(text) {
  if (text.length > 200) return " longest";
  if (text.length > 120) return " long";
  return "";
}

function drawStage(view) {
  const title = $("stage-title");
  const body = $("stage-body");
  body.replaceChildren();
  // A ruling said in the same reply as the next question (the last cell's before the Candle-End, TB1's
  // before TB2, or a cell named in advance) is shown above it while that reply is the latest, in step with
  // the captions reading it.
  if (view.stage === "question" && view.ruling && saidWithThisQuestion(view)) {
    // The teams' results run on in one line, so four teams take no more room than two.
    const [answer, ...rest] = view.ruling;
    const source = rest.pop();
    body.append(paragraphs([answer, rest.join("  ·  "), source].filter(Boolean), "ruling earlier"));
  }
  if (view.candle_end && view.stage !== "over") {
    const banner = el("div", "candle-end");
    const title = el("p", "candle-title", "Candle-End");
    if (view.candle_end.tied.length) title.append(el("span", "tied", " · Tied: " + view.candle_end.tied.join(", ")));
    banner.append(title);
    // Who the first question left level comes first and large: the second question is theirs.
    if (view.candle_end.still_level) banner.append(el("p", "still-level", view.candle_end.still_level));
    banner.append(el("p", "", view.candle_end.line), ...view.candle_end.here.map((line) => el("p", "", line)));
    body.append(banner);
  }
  switch (view.stage) {
    case "question":
      // A Candle-End question's heading names the tied teams, which its banner shows: the title keeps one line.
      title.textContent = view.question.cell.startsWith("TB")
        ? `Candle-End question ${view.question.cell.slice(2)}`
        : view.question.heading;
      body.append(el("p", "question" + lengthClass(view.question.text), view.question.text), whoHasAnswered(view));
      break;
    case "readback":
      title.textContent = "Did I hear it right?";
      body.append(el("p", "question small", view.question.text));
      for (const said of view.readback) {
        const line = el("p", "readback");
        if (said.team) line.append(el("strong", "", said.team + ": "));
        line.append(document.createTextNode(said.said));
        body.append(line);
      }
      body.append(el("p", "hint", "Say yes if that is right, or spell a word to fix it."));
      break;
    case "ruled":
      title.textContent = "The ruling";
      body.append(paragraphs(view.ruling, "ruling"));
      if (view.pick) body.append(el("p", "next", `Next pick: ${view.pick}`));
      break;
    case "over":
      title.textContent = "The night is over";
      drawFinale(view, body);
      break;
    case "pick":
      title.textContent = view.pick ? (view.pick === "You" ? "Your pick" : `${view.pick} pick next`) : "Tonight";
      break;
    default:
      title.textContent = "Welcome";
  }
  const notes = view.stage === "over" ? [] : view.notes;
  if (notes.length) body.append(paragraphs(notes, "notes"));
}

function drawFinale(view, body) {
  // Left: who won, the totals and why, and the Candle-End's years. Right: the card's candle line, how to
  // check the key (its SHA-256 shown once), the RESULT line and the closing words.
  const finale = view.finale;
  const sha = finale.sha256;
  const why = el("div", "finale-why");
  if (finale.headline) why.append(el("p", "winner", finale.headline));
  if (finale.totals) why.append(el("p", "totals", finale.totals));
  if (finale.why) why.append(el("p", "reason", finale.why));
  if (view.ruling) why.append(paragraphs(view.ruling, "finale-years"));
  const check = el("div", "finale-check");
  const told = new Set([finale.totals, finale.why, ...finale.closing]);
  const candle = finale.lines.filter((line) => !told.has(line));
  if (candle.length) check.append(paragraphs(candle, "finale-lines"));
  const checkLines = finale.check.filter((line) => !sha || !line.includes(sha));
  if (checkLines.length) check.append(paragraphs(checkLines, "check"));
  if (sha) {
    const shown = el("p", "sha");
    shown.append(el("span", "sha-label", "Key SHA-256: "), el("code", "", sha));
    check.append(shown);
  }
  if (finale.result) check.append(el("p", "result", finale.result));
  if (finale.closing.length) check.append(paragraphs(finale.closing, "closing"));
  const box = el("div", "finale");
  box.append(why, check);
  body.append(box);
}

// A TV cannot scroll: a stage fuller than its panel is set a step smaller until it fits (a phone scrolls).
const FIT_STEPS = [1, 0.92, 0.85, 0.78, 0.72, 0.66];
const TV = window.matchMedia("(min-width: 900px)");

function fitStage() {
  const stage = $("stage");
  for (const step of TV.matches ? FIT_STEPS : [1]) {
    stage.style.setProperty("--fit", String(step));
    if (stage.scrollHeight <= stage.clientHeight) return;
  }
}

function drawView(view) {
  drawTeams(view);
  drawBoard(view);
  drawStage(view);
  document.body.dataset.stage = view.stage;
  fitStage();
  document.body.dataset.replies = String(view.replies);
  window.screenReceived.push({ replies: view.replies, at: performance.timeOrigin + performance.now() });
}

// Captions: cards of at most two lines, shown long enough to read, newest reply first.
const captions = { queue: [], showing: null, timer: null };

function showCard(card) {
  captions.showing = card;
  const box = $("caption");
  box.replaceChildren();
  card.lines.forEach((line, index) => {
    const row = el("span", "caption-line");
    if (index === 0 && line.startsWith(card.speaker + ":")) {
      row.append(el("span", "speaker", card.speaker + ":"), document.createTextNode(line.slice(card.speaker.length + 1)));
    } else {
      row.textContent = line;
    }
    box.append(row);
  });
  box.dataset.speaker = card.speaker;
  box.dataset.number = String(card.number);
  clearTimeout(captions.timer);
  const ms = Math.max(CAPTION_MIN_MS, card.lines.join(" ").length * CAPTION_MS_PER_CHAR);
  captions.timer = setTimeout(nextCard, ms);
}

function nextCard() {
  captions.timer = null;
  const card = captions.queue.shift();
  if (card) showCard(card);
  else if (captions.showing) captions.showing.done = true;
}

function addCaption(caption) {
  const cards = caption.cards.map((lines) => ({
    speaker: caption.speaker, number: caption.number, lines, live: !caption.final, done: false,
  }));
  if (!cards.length) return;
  if (!caption.final) {
    // Words still being heard: they replace whatever is showing now.
    captions.queue = captions.queue.filter((card) => !card.live);
    showCard(cards[0]);
    return;
  }
  // A new reply from the kiosk makes everything older stale, but for the message it answers.
  const fresh = caption.speaker === "Kiosk";
  const kept = (card) => !card.live && (!fresh || (card.number === caption.number - 1 && card.speaker !== "Kiosk"));
  captions.queue = captions.queue.filter(kept);
  captions.queue.push(...cards);
  const current = captions.showing;
  const stale = current && fresh && !kept(current);
  if (!current || current.live || current.done || captions.timer === null || stale) {
    clearTimeout(captions.timer);
    nextCard();
  }
}

// The remote keyboard: only for a phone paired with the code the kiosk gives when the table says "pair a
// phone". The phone's token is an HttpOnly cookie: this script never sees it.
async function post(path, body) {
  const headers = { "Content-Type": "application/json" };
  const response = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  let answer = {};
  try { answer = await response.json(); } catch (error) { answer = {}; }
  return { ok: response.ok, status: response.status, answer };
}

function setUpKeyboard() {
  let paired = sessionStorage.getItem("keyboard-paired") === "yes";
  const showSay = () => { $("code-form").hidden = true; $("say-form").hidden = false; };
  const showCode = () => { $("code-form").hidden = false; $("say-form").hidden = true; };
  if (paired) showSay();
  $("keyboard-open").addEventListener("click", () => {
    $("keyboard").hidden = !$("keyboard").hidden;
    if (!$("keyboard").hidden) (paired ? $("say") : $("code")).focus();
  });
  $("code-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const { ok, answer } = await post("/keyboard/pair", { code: $("code").value });
    $("code").value = "";
    if (ok) {
      paired = true;
      sessionStorage.setItem("keyboard-paired", "yes");
      showSay();
      $("keyboard-note").textContent = "Paired. Messages you send go to the kiosk.";
      $("say").focus();
    } else {
      $("keyboard-note").textContent = answer.error || "That did not work.";
    }
  });
  $("say-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("say").value;
    const { ok, status, answer } = await post("/keyboard/say", { text });
    if (ok) {
      $("say").value = "";
      $("keyboard-note").textContent = "Sent: " + text;
    } else {
      if (status === 403) {  // forgotten by the table (or the kiosk restarted): pair again
        paired = false;
        sessionStorage.removeItem("keyboard-paired");
        showCode();
      }
      $("keyboard-note").textContent = answer.error || "That did not work.";
    }
  });
}

// On the kiosk's own screen alone (a page loaded from loopback): the pairing code while a window is open.
// The server gives it to no other address.
function showPairingCode() {
  const own = ["127.0.0.1", "localhost", "[::1]", "::1"].includes(location.hostname);
  if (!own) return;
  $("pair-phone").hidden = false;
  $("pair-phone").addEventListener("click", () => post("/keyboard/window", {}));
  const poll = async () => {
    try {
      const response = await fetch("/keyboard/code");
      const answer = response.ok ? await response.json() : {};
      const note = $("pairing-code");
      note.hidden = !answer.code;
      note.textContent = answer.code ? `Pairing code: ${answer.code} (${answer.seconds} s left)` : "";
    } catch (error) { /* the kiosk is restarting: the next poll tells */ }
    setTimeout(poll, 1000);
  };
  poll();
}

function connect() {
  const events = new EventSource("/events");
  events.addEventListener("open", () => { $("status").textContent = ""; });
  events.addEventListener("error", () => {
    const over = document.body.dataset.stage === "over";
    $("status").textContent = over ? "The kiosk has finished." : "Looking for the kiosk…";
  });
  events.addEventListener("about", (event) => {
    const about = JSON.parse(event.data);
    $("join-url").textContent = about.url;
    $("qr").alt = "QR code to open this screen: " + about.url;
  });
  events.addEventListener("view", (event) => drawView(JSON.parse(event.data)));
  events.addEventListener("caption", (event) => addCaption(JSON.parse(event.data)));
}

window.screenReceived = [];
// The stage's panel changes size with the captions and the window: fit it again.
new ResizeObserver(fitStage).observe($("stage"));
setUpKeyboard();
showPairingCode();
connect();
