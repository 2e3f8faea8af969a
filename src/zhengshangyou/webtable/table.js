// The browser table's script. It draws the view the server sends (made from the
// person's observation alone) and sends the person's moves as text; it keeps no
// game data of its own and knows no rules: the server checks every move.
"use strict";

const $ = (id) => document.getElementById(id);
let view = null; // the last view the server sent
const selected = new Set(); // places in the hand of the selected cards

// --- talking to the server ---------------------------------------------------------

// GET the path (no body) or POST the body as JSON; draw the answer with onAnswer, or
// show the refusal. body.dataset.updates counts the answers (tests wait on it).
async function send(path, body, onAnswer = draw) {
  document.body.dataset.busy = "1";
  try {
    const options = body === undefined ? {} : {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
    };
    const response = await fetch(path, options);
    const data = await response.json();
    if (response.ok) onAnswer(data); else refuse(data);
  } catch (error) {
    say(`No answer from the server: ${error}`, "error");
  } finally {
    document.body.dataset.busy = "0";
    document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
  }
}

function move(text) {
  say("");
  send("/api/move", {move: text});
}

// A refused move: the library's message (with its rule id); for cards with several
// readings (R3.16), one button a reading, which sends the declared form.
function refuse(data) {
  say(data.error, "error");
  const chooser = $("chooser");
  chooser.replaceChildren();
  chooser.hidden = !data.choices;
  if (!data.choices) return;
  chooser.append("Play them as: ");
  for (const choice of data.choices) {
    chooser.append(button(choice.label, () => move(choice.move)));
  }
}

function say(text, kind = "") {
  const message = $("message");
  message.replaceChildren(suited(text));
  message.className = kind;
}

// --- drawing -----------------------------------------------------------------------

// A button whose label shows the red suits in red.
function button(label, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.append(suited(label));
  element.addEventListener("click", onClick);
  return element;
}

// A card: its rank over its suit symbol; a joker as its code (what is typed) over
// the word "joker", so that the two jokers differ by more than their colour.
function cardElement(card, onClick) {
  const element = document.createElement(onClick ? "button" : "span");
  element.className = "card" + (card.red ? " red" : "") + (card.suit ? "" : " joker");
  element.dataset.code = card.code;
  element.title = card.suit ? `${card.rank}${card.suit}`
    : `${card.red ? "red" : "black"} joker (${card.code})`;
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = card.rank;
  const suit = document.createElement("span");
  suit.className = "suit";
  suit.textContent = card.suit || "joker";
  element.append(rank, suit);
  if (onClick) {
    element.type = "button";
    element.addEventListener("click", onClick);
  }
  return element;
}

// Whether the page can draw Chinese characters (set when the page is loaded).
let chinese = true;

// Text with the red suits (and the red joker) in red; without a font for Chinese,
// a Chinese word in brackets (the Winner's "(上游)") is left out.
function suited(text) {
  if (!chinese) text = text.replace(/\s*\([\u3400-\u9fff]+\)/g, "");
  const fragment = document.createDocumentFragment();
  text.split(/((?:10|[2-9JQKA])[♥♦]|\bRJ\b)/).forEach((part, index) => {
    if (index % 2) {
      const red = document.createElement("span");
      red.className = "red";
      red.textContent = part;
      fragment.append(red);
    } else {
      fragment.append(part);
    }
  });
  return fragment;
}

// The heading and the tab name the game the rules play ("Big Two 鋤大D"): its name in
// Chinese only where a font draws it (each name is measured once).
const drawn = new Map();
function drawTitle(game) {
  const native = $("game-native");
  $("game-name").textContent = game.name;
  native.textContent = game.native || "";
  native.lang = game.lang || "";
  native.title = game.name;
  if (game.native && !drawn.has(game.native)) drawn.set(game.native, drawable(game.native, native));
  native.hidden = !game.native || !drawn.get(game.native);
  document.title = native.hidden ? game.name : `${game.name} ${game.native}`;
}

function draw(data) {
  view = data;
  selected.clear();
  $("chooser").hidden = true;
  drawTitle(view.game);
  const rules = view.rules;
  $("hand-number").textContent = `hand ${view.hand_number + 1} · ${rules.preset}`
    + Object.entries(rules.options).map(([name, value]) => ` · ${name}=${value}`).join("");
  drawSeats();
  drawTeams();
  drawFelt();
  drawHand();
  drawAuction();
  drawExchange();
  drawResult();
  const yours = view.your_turn && view.phase === "play";
  $("play").disabled = !view.your_turn;
  $("pass").disabled = !(yours && view.can_pass);
  $("pass").hidden = Boolean(view.auction); // the auction has its own Pass button
  $("hint").disabled = !view.your_turn;
  const events = $("events");
  events.replaceChildren(...view.events.map((event) => {
    const item = document.createElement("li");
    item.className = event.kind;
    item.append(suited(event.text));
    return item;
  }));
  events.scrollTop = events.scrollHeight; // the latest event in sight
}

function drawSeats() {
  $("seats").tBodies[0].replaceChildren(...view.seats.map((seat) => {
    const row = document.createElement("tr");
    row.className = (seat.to_act ? "to-act " : "") + (seat.player === "you" ? "you" : "");
    for (const text of [seat.to_act ? "▶" : "", seat.name, seat.player, seat.held, seat.status, seat.score]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.append(cell);
    }
    if (seat.role) { // a game with a landlord: the seat's side, under its name
      const role = document.createElement("span");
      role.className = `role ${seat.role}`;
      role.textContent = seat.role;
      row.cells[1].append(role);
    }
    return row;
  }));
}

function drawFelt() {
  const top = view.top;
  $("felt").hidden = Boolean(view.result);
  let heading = "";
  const auction = view.auction;
  if (top) heading = `To beat: ${top.kind}, played by ${top.by}`;
  else if (auction) heading = auction.title;
  else if (view.phase === "exchange") heading = EXCHANGE[view.exchange[0]?.move.split(" ")[0]] || "The exchange (R8)";
  else if (view.leader) heading = view.your_turn ? "Your lead: play any combination" : `${view.leader} leads`;
  $("to-beat").textContent = heading;
  const shown = top ? top.cards : auction && auction.face_up ? [auction.face_up] : view.offered;
  $("top").replaceChildren(...shown.map((card) => cardElement(card)));
  const notes = [];
  if (view.redealt) notes.push(view.redealt);
  if (auction) {
    notes.push(auction.face_up ? `The face-up card names the first bidder: ${auction.first} (D2.3)`
      : `${auction.first} bids first (D2.3)`);
    notes.push(auction.standing);
  }
  if (view.must_include) notes.push(`The lead must include ${view.must_include.rank}${view.must_include.suit} (R2.5)`);
  if (view.revolution) notes.push("Revolution: the rank order is flipped (R4.8)");
  $("notes").replaceChildren(...notes.map((note) => {
    const line = document.createElement("div");
    line.append(suited(note));
    return line;
  }));
}

function drawHand() {
  const active = view.your_turn && view.phase !== "auction"; // no cards to choose in an auction
  $("hand").replaceChildren(...view.hand.map((card, place) => {
    const element = cardElement(card, active ? () => toggle(place) : null);
    element.classList.toggle("selected", selected.has(place));
    return element;
  }));
  $("move").value = "";
}

function toggle(place) {
  if (selected.has(place)) selected.delete(place); else selected.add(place);
  $("hand").children[place].classList.toggle("selected", selected.has(place));
  $("move").value = [...selected].sort((a, b) => a - b).map((index) => view.hand[index].code).join(" ");
}

// What the person does in each step of the exchange.
const EXCHANGE = {
  give: "The exchange: give your highest card to the Winner (R8.2)",
  offer: "The exchange: offer two of your cards; the Loser takes one (R8.2)",
  take: "The exchange: take one of the two cards the Winner offers (R8.2)",
  return: "The exchange: return any one card to the Loser (R8.3)",
};

// The exchange decisions (R8): a button a decision when there are few of a kind,
// otherwise one button that makes the decision with the selected cards.
function drawExchange() {
  const panel = $("exchange");
  panel.replaceChildren();
  panel.hidden = !view.exchange.length;
  const verbs = new Map();
  for (const choice of view.exchange) {
    const verb = choice.move.split(" ")[0];
    verbs.set(verb, [...(verbs.get(verb) || []), choice]);
  }
  for (const [verb, choices] of verbs) {
    if (choices.length <= 6) {
      for (const choice of choices) panel.append(button(choice.text, () => move(choice.move)));
    } else {
      const count = verb === "offer" ? "two cards" : "a card";
      panel.append(button(`${verb} the selected cards`, () => move(`${verb} ${$("move").value}`)));
      panel.append(` (select ${count}) `);
    }
  }
}

// The auction (D3): the moves so far, and a button for each move open to the person.
function drawAuction() {
  const auction = view.auction;
  $("auction").hidden = !auction;
  if (!auction) return;
  const said = auction.bids.map((bid) => `${bid.seat}: ${bid.move}`).join(" · ");
  $("bids").textContent = said ? `The auction so far: ${said}` : "Nobody has spoken yet";
  $("bid-buttons").replaceChildren(...auction.moves.map((choice) => {
    const element = button(choice.text, () => move(choice.move));
    element.dataset.move = choice.move;
    return element;
  }));
}

// The sides once the landlord is known (D4.2), the base and the multiplier (D9.1), and
// the kitty when the server shows it to the person (D4.1).
function drawTeams() {
  const teams = view.teams;
  $("teams").hidden = !teams;
  if (!teams) return;
  const landlord = document.createElement("strong");
  landlord.textContent = teams.landlord;
  $("sides").replaceChildren("Landlord: ", landlord, ` · Peasants: ${teams.peasants.join(", ")}`);
  $("stake").textContent = `Base ${teams.base} · Multiplier ×${teams.multiplier} (bombs and rockets)`;
  $("kitty-line").hidden = !teams.kitty_size;
  $("kitty-label").textContent = teams.kitty.length ? "Kitty:" : `Kitty: ${teams.kitty_size} cards, not shown (D4.1)`;
  $("kitty").replaceChildren(...teams.kitty.map((card) => cardElement(card)));
}

function drawResult() {
  const result = view.result;
  $("result").hidden = !result;
  if (!result) return;
  $("score-lines").replaceChildren(...result.lines.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  $("next-hand").hidden = result.match_over;
}

// Whether the page's fonts draw the characters of ``text``: a character no font has is
// drawn as the same empty box as a code point no font has (a private-use one).
function drawable(text, element) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 48;
  const context = canvas.getContext("2d");
  if (!context) return true;
  context.font = `32px ${getComputedStyle(element).fontFamily}`;
  const picture = (character) => {
    context.clearRect(0, 0, 48, 48);
    context.fillText(character, 4, 36);
    return context.getImageData(0, 0, 48, 48).data.join(",");
  };
  const missing = picture("\u{10FFFD}");
  return [...text].every((character) => picture(character) !== missing);
}

// A game is in progress from the person's first decision (or any later hand) until
// the match is over: a new game then asks first.
function inProgress() {
  if (!view || view.phase === "match_over") return false;
  const you = view.seats[view.seat].name;
  const decisions = ["play", "pass", "exchange", "bid"];
  return view.hand_number > 0
    || view.events.some((event) => decisions.includes(event.kind) && event.text.startsWith(`${you} `));
}

// --- the controls ------------------------------------------------------------------

// "players=3 exchange=highest_for_any" as {players: 3, exchange: "highest_for_any"}:
// a value is read as JSON (numbers, true, false, null, lists), or else as text.
function readOptions(text) {
  const options = {};
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const [name, ...rest] = word.split("=");
    const value = rest.join("=");
    try { options[name] = JSON.parse(value); } catch { options[name] = value; }
  }
  return options;
}

function showRules(data) {
  const preset = $("preset");
  preset.replaceChildren(...data.presets.map((name) => new Option(name, name)));
  preset.value = data.rules.preset;
  $("options").value = Object.entries(data.rules.options)
    .map(([name, value]) => `${name}=${typeof value === "string" ? value : JSON.stringify(value)}`).join(" ");
  draw(data);
}

document.addEventListener("DOMContentLoaded", () => {
  $("controls").addEventListener("submit", (event) => {
    event.preventDefault();
    move($("move").value);
  });
  $("pass").addEventListener("click", () => move("pass"));
  $("clear").addEventListener("click", () => {
    selected.clear();
    drawHand();
    say("");
  });
  $("hint").addEventListener("click", () => send("/api/hint", {}, (hint) => {
    selected.clear();
    drawHand();
    $("move").value = hint.move;
    const codes = hint.move.split(" as ")[0].split(" ");
    view.hand.forEach((card, place) => {
      const at = codes.indexOf(card.code);
      if (at >= 0 && hint.move !== "pass") {
        codes.splice(at, 1);
        selected.add(place);
        $("hand").children[place].classList.add("selected");
      }
    });
    say(`Hint: ${hint.text}`);
  }));
  $("next-hand").addEventListener("click", () => send("/api/next", {}));
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    if (inProgress() && !window.confirm("Start a new game? The game in progress will be lost.")) return;
    say("");
    send("/api/new", {preset: $("preset").value, options: readOptions($("options").value)}, showRules);
  });
  const title = $("game-native");
  chinese = drawable(title.textContent, title);
  title.hidden = !chinese; // no font for it: the romanised name alone
  send("/api/view", undefined, showRules);
});
