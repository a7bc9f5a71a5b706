// standoff judge: the web page. Plain JavaScript, no framework, no build step.
// Views are chosen by the URL fragment (#/lobby, #/game/3, ...); every view is drawn
// from the JSON API (/api/...) with the session cookie and the X-CSRF-Token header.
'use strict';

const S = { me: null, timers: [], legal: null, clickState: null, draft: '' };

// ---------- small helpers ----------
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}
const $ = (sel, root) => (root || document).querySelector(sel);
function flash(msg, bad) {
  const f = $('#flash');
  f.textContent = msg || '';
  f.className = msg ? (bad ? 'flash bad' : 'flash') : '';
}
async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  const csrf = localStorage.getItem('csrf');
  if (csrf) headers['X-CSRF-Token'] = csrf;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(path, {
    method, headers, credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = text; }
  if (!r.ok) {
    const err = new Error((data && data.message) || ('HTTP ' + r.status));
    err.status = r.status;
    throw err;
  }
  return data;
}
function when(iso) {
  if (!iso) return 'no deadline';
  return new Date(iso).toLocaleString();
}
function left(iso) {
  if (!iso) return 'no deadline';
  let s = Math.round((new Date(iso) - Date.now()) / 1000);
  if (s <= 0) return 'deadline passed';
  const d = Math.floor(s / 86400); s -= d * 86400;
  const hh = Math.floor(s / 3600); s -= hh * 3600;
  const m = Math.floor(s / 60); s -= m * 60;
  return (d ? d + 'd ' : '') + (d || hh ? hh + 'h ' : '') + m + 'm ' + s + 's left';
}
function field(label, input, hint) {
  const id = input.id || ('f-' + Math.random().toString(36).slice(2));
  input.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), input,
    hint ? h('small', {}, hint) : null);
}
function section(title, ...body) {
  return h('section', { class: 'card', 'aria-label': title }, h('h2', {}, title), ...body);
}
function setMain(title, ...nodes) {
  const main = $('#main');
  main.replaceChildren(h('h1', {}, title), ...nodes);
  document.title = title + ' · standoff';
}
// Shows `hash`, drawing it again when it is already the current view.
function go(hash) { if (location.hash === hash) route(); else location.hash = hash; }
function clearTimers() { S.timers.forEach(clearInterval); S.timers = []; }

// ---------- navigation ----------
function drawNav() {
  const nav = $('#nav');
  if (S.me) {
    nav.replaceChildren(
      h('a', { href: '#/lobby' }, 'Lobby'),
      h('a', { href: '#/profile' }, S.me.account.username),
      h('button', { type: 'button', class: 'link', onclick: signOut }, 'Sign out'));
  } else {
    nav.replaceChildren(h('a', { href: '#/signin' }, 'Sign in'), h('a', { href: '#/signup' }, 'Sign up'));
  }
}
async function loadMe() {
  try { S.me = await api('GET', '/api/me'); } catch (_) { S.me = null; }
  drawNav();
}
async function route() {
  clearTimers();
  flash('');
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  try {
    if (!S.me && !['signin', 'signup'].includes(parts[0])) {
      if (parts[0]) sessionStorage.setItem('after', location.hash);
      return viewSignIn();
    }
    switch (parts[0] || 'lobby') {
      case 'signin': return viewSignIn();
      case 'signup': return viewSignUp();
      case 'profile': return await viewProfile();
      case 'lobby': return await viewLobby();
      case 'game': return await viewGame(Number(parts[1]), parts[2] === 'phase' ? Number(parts[3]) : null);
      default: return setMain('Not found', h('p', {}, 'No such page. ', h('a', { href: '#/lobby' }, 'Go to the lobby')));
    }
  } catch (e) {
    setMain('Something went wrong', h('p', { class: 'bad' }, e.message));
  }
  $('#main').focus();
}

// ---------- accounts ----------
function accountForm(title, submitLabel, onsubmit, extra) {
  const user = h('input', { name: 'username', autocomplete: 'username', required: true });
  const pass = h('input', { name: 'password', type: 'password', required: true,
    autocomplete: submitLabel === 'Sign up' ? 'new-password' : 'current-password' });
  const form = h('form', { class: 'card narrow' },
    field('Username', user), field('Password', pass), extra || null,
    h('button', { type: 'submit' }, submitLabel));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try { await onsubmit(user.value.trim(), pass.value); } catch (e) { flash(e.message, true); }
  });
  setMain(title, form);
  user.focus();
}
async function signInAs(username, password) {
  const r = await api('POST', '/api/session', { username, password });
  localStorage.setItem('csrf', r.csrf_token);
  await loadMe();
  const after = sessionStorage.getItem('after');
  sessionStorage.removeItem('after');
  go(after || '#/lobby');
}
function viewSignIn() {
  accountForm('Sign in', 'Sign in', signInAs,
    h('p', {}, 'No account yet? ', h('a', { href: '#/signup' }, 'Sign up')));
}
function viewSignUp() {
  accountForm('Sign up', 'Sign up', async (username, password) => {
    await api('POST', '/api/accounts', { username, password });
    await signInAs(username, password);
  }, h('p', {}, 'Have an account? ', h('a', { href: '#/signin' }, 'Sign in')));
}
async function signOut() {
  try { await api('DELETE', '/api/session'); } catch (_) { /* already out */ }
  localStorage.removeItem('csrf');
  S.me = null;
  drawNav();
  location.hash = '#/signin';
}
async function viewProfile() {
  await loadMe();
  let score = null;
  try { score = await api('GET', '/api/me/score'); } catch (_) { score = null; }
  const entry = score && (score.entries ? score.entries[0] : score);
  setMain('Profile: ' + S.me.account.username,
    section('Score',
      h('p', {}, entry && entry.points !== undefined
        ? `${entry.points} DPTG points from ${entry.games} finished game(s).`
        : 'No finished games yet.')),
    section('My games', gameTable(S.me.games, null)));
}

// ---------- lobby ----------
function gameTable(games, action) {
  if (!games.length) return h('p', {}, 'None.');
  return h('table', {},
    h('thead', {}, h('tr', {}, ['Game', 'Variant', 'Status', 'Phase', 'Players', action ? '' : null]
      .filter((x) => x !== null).map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, games.map((g) => h('tr', {},
      h('td', {}, h('a', { href: '#/game/' + g.id }, g.name || ('Game ' + g.id))),
      h('td', {}, g.variant), h('td', {}, g.status + (g.private ? ' (private)' : '')),
      h('td', {}, g.phase), h('td', {}, `${g.players}/${g.powers}`),
      action ? h('td', {}, action(g)) : null))));
}
async function viewLobby() {
  await loadMe();
  const [open, variants] = await Promise.all([api('GET', '/api/games'), api('GET', '/api/variants')]);
  const mine = S.me.games;
  const myIds = new Set(mine.map((g) => g.id));
  const due = h('ul', { class: 'due' });
  const active = mine.filter((g) => g.status === 'active').slice(0, 20);
  const details = await Promise.all(active.map((g) => api('GET', '/api/games/' + g.id).catch(() => null)));
  for (const d of details) {
    if (!d) continue;
    const p = d.powers.find((x) => x.name === d.my_power);
    const what = p && p.orders_due ? (p.submitted ? 'orders submitted' : 'ORDERS DUE') : 'nothing due';
    due.append(h('li', {}, h('a', { href: '#/game/' + d.id }, d.name), ` — ${d.phase}: ${what}; deadline ${when(d.deadline)} (${left(d.deadline)})`));
  }
  setMain('Lobby',
    section('My games', active.length ? due : null, gameTable(mine, null)),
    section('Open games', gameTable(open.filter((g) => !myIds.has(g.id)),
      (g) => h('button', { type: 'button', onclick: () => joinGame(g.id) }, 'Join ' + (g.name || g.id)))),
    section('Create a game', createForm(variants)));
}
async function joinGame(id, prefs, invite) {
  try {
    await api('POST', `/api/games/${id}/join`, { preferences: prefs || 'random', invite: invite || undefined });
    go('#/game/' + id);
  } catch (e) { flash(e.message, true); }
}
function select(name, options, value) {
  return h('select', { name }, options.map(([v, t]) => h('option', { value: v, selected: v === value }, t)));
}
// "7 powers"; with dummy powers (no player's), how many players the game takes too.
function powersLabel(v) {
  const dummies = (v.dummy_powers || []).length;
  const all = `${v.powers.length} powers`;
  return dummies ? `${all}, ${v.powers.length - dummies} players` : all;
}
function createForm(variants) {
  const name = h('input', { name: 'name', required: true, value: 'Friendly game' });
  const variant = select('variant', variants.map((v) => [v.name, `${v.name} (${powersLabel(v)})`]), 'standard');
  // A variant file of the creator's own (checked by the server like `standoff check-variant`)
  // replaces the built-in choice.
  const upload = h('input', { name: 'variant_file', type: 'file', accept: '.toml,.txt,text/plain' });
  const rules = select('rules', [['datc', 'DATC (default)'], ['1982', '1982 rulebook'], ['1971', '1971 rulebook'], ['2023', '2023 rulebook'], ['dptg', 'DPTG']], 'datc');
  const mv = h('input', { name: 'movement', type: 'number', min: 1, value: 1440 });
  const rt = h('input', { name: 'retreat', type: 'number', min: 1, value: 1440 });
  const ad = h('input', { name: 'adjustment', type: 'number', min: 1, value: 2880 });
  const press = select('press', [['full', 'Full press'], ['public_only', 'Public announcements only'], ['none', 'None (gunboat)']], 'full');
  const assign = select('assignment', [['preferences', 'By preferences'], ['random', 'Random'], ['gm', 'GM assigns']], 'preferences');
  const priv = h('input', { type: 'checkbox', name: 'private' });
  const anon = h('input', { type: 'checkbox', name: 'anonymous' });
  const auto = h('input', { type: 'checkbox', name: 'auto_start', checked: true });
  const form = h('form', { class: 'grid', id: 'create-game' },
    field('Name', name), field('Variant', variant),
    field('Or your own variant file', upload, 'A variant file (TOML, as in docs/variant-format.md); it is checked when you create the game.'),
    field('Rules', rules),
    field('Movement deadline (minutes)', mv), field('Retreat deadline (minutes)', rt),
    field('Adjustment deadline (minutes)', ad), field('Press', press), field('Powers assigned', assign),
    h('div', { class: 'checks' },
      h('label', {}, priv, ' Private (invite only)'), h('label', {}, anon, ' Anonymous players'),
      h('label', {}, auto, ' Start when full')),
    h('button', { type: 'submit' }, 'Create game'));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      const which = { variant: variant.value };
      const file = upload.files && upload.files[0];
      if (file) {
        const uploaded = await api('POST', '/api/variants', { source: await file.text(), file_name: file.name });
        flash(`Variant file ${file.name} accepted: ${uploaded.title} (${powersLabel(uploaded)}, ${uploaded.centers} centers).`);
        delete which.variant;
        which.variant_upload = uploaded.id;
      }
      const g = await api('POST', '/api/games', {
        name: name.value, ...which, rules: rules.value,
        deadlines: { movement_minutes: +mv.value, retreat_minutes: +rt.value, adjustment_minutes: +ad.value },
        press: press.value, anonymous: anon.checked, private: priv.checked,
        assignment: assign.value, auto_start: auto.checked,
      });
      go('#/game/' + g.id);
    } catch (e) { flash(e.message, true); }
  });
  return form;
}

// ---------- game page ----------
async function viewGame(id, phaseNo) {
  const g = await api('GET', '/api/games/' + id);
  await loadMe();
  const isGm = S.me && g.gm === S.me.account.username;
  // The GM's own game lists it too, so a forming game cannot tell the GM whether the GM
  // has also joined as a player: the GM keeps the join button (a second join is refused).
  const member = !!g.my_power || (!isGm && S.me.games.some((x) => x.id === g.id));
  const nodes = [];
  const timeLeft = h('p', { class: 'deadline', id: 'time-left' });
  const tick = () => {
    timeLeft.textContent = `${g.phase} — ` + (g.status === 'paused' ? 'paused'
      : g.status === 'forming' ? 'starts when the players are in'
        : g.status === 'finished' ? 'game over'
          : g.deadline ? `${left(g.deadline)} (deadline ${when(g.deadline)})` : 'no deadline');
  };
  tick();
  S.timers.push(setInterval(tick, 1000));
  nodes.push(h('p', {}, `${g.variant}, rules ${g.settings.rules}, press ${g.settings.press}, GM ${g.gm}. `,
    g.my_power ? h('strong', {}, 'You play ' + g.my_power + '.') : ''), timeLeft);
  if (g.result) nodes.push(h('p', { class: 'result' }, 'Result: ' + g.result));
  if (g.status === 'forming') nodes.push(formingPanel(g, isGm, member, g.variant_powers));
  if (phaseNo !== null && !Number.isNaN(phaseNo)) {
    nodes.push(await historyPanel(g, phaseNo));
  } else if (g.status !== 'forming') {
    const mapBox = h('div', { class: 'map', id: 'map' });
    nodes.push(section('Map', mapBox));
    loadMap(mapBox, `/api/games/${id}/map.svg`).then(() => { if (g.my_power) wireMap(mapBox); });
    if (g.my_power && g.status !== 'finished') nodes.push(await ordersPanel(g));
    nodes.push(powersTable(g));
    nodes.push(await lastResultPanel(g));
  }
  if (g.settings.press !== 'none' && (member || isGm) && g.status !== 'forming') nodes.push(await pressPanel(g, isGm));
  if (isGm && g.status !== 'forming' && g.status !== 'finished') nodes.push(gmPanel(g));
  setMain(g.name || ('Game ' + id), ...nodes);
}
function formingPanel(g, isGm, member, powerNames) {
  const box = section('Waiting for players', h('p', {}, `${g.players} of ${powerNames.length} players have joined.`));
  if (g.invite_code) box.append(h('p', {}, 'Invite code: ', h('code', {}, g.invite_code)));
  if (!member) {
    const pref = select('preference', [['random', 'No preference']].concat(powerNames.map((n) => [n, n])), 'random');
    box.append(field('Preferred power', pref),
      h('button', { type: 'button', onclick: () => joinGame(g.id, pref.value === 'random' ? 'random' : [pref.value], g.invite_code) }, 'Join this game'));
  } else box.append(h('p', {}, 'You have joined.'));
  if (isGm) box.append(h('button', { type: 'button', onclick: async () => {
    try { await api('POST', `/api/games/${g.id}/start`, {}); route(); } catch (e) { flash(e.message, true); }
  } }, 'Start the game now'));
  return box;
}
async function loadMap(box, url) {
  const r = await fetch(url, { credentials: 'same-origin' });
  if (!r.ok) { box.textContent = 'The map could not be drawn.'; return; }
  box.innerHTML = await r.text();
  const svg = box.querySelector('svg');
  if (svg) { svg.setAttribute('role', 'img'); svg.setAttribute('aria-label', 'Map of the position'); svg.removeAttribute('width'); svg.removeAttribute('height'); }
}
function powersTable(g) {
  const box = section('Powers', h('table', {},
    h('thead', {}, h('tr', {}, ['Power', 'Player', 'Centers', 'Units', 'Orders'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, g.powers.map((p) => h('tr', {},
      h('th', { scope: 'row' }, p.name), h('td', {}, p.player || '—'), h('td', {}, p.centers), h('td', {}, p.units),
      h('td', {}, !p.orders_due ? 'none due' : (p.ready ? 'ready' : p.submitted ? 'submitted' : 'not yet')))))));
  box.id = 'powers';
  return box;
}
// Draws the Powers table again from a fresh copy of the game (after a save or a ready
// click), unless the page has moved on: `anchor` is an element of the view that asked.
// Only the newest of overlapping refreshes draws, so a slow older answer cannot win.
async function refreshPowers(id, anchor) {
  const n = S.powersSeq = (S.powersSeq || 0) + 1;
  try {
    const g = await api('GET', '/api/games/' + id);
    const old = $('#powers');
    if (anchor.isConnected && old && n === S.powersSeq) old.replaceWith(powersTable(g));
  } catch (e) { if (anchor.isConnected) flash(e.message, true); }
}

// Orders: the text box (checked by the server as you type), the legal-order picker and
// click-to-order on the map all write lines into the same text box.
async function ordersPanel(g) {
  S.choosing = false;
  const mine = await api('GET', `/api/games/${g.id}/orders`).catch(() => null);
  S.legal = await api('GET', `/api/games/${g.id}/legal`).catch(() => ({ orders: [] }));
  const box = h('textarea', { id: 'order-lines', rows: 6, spellcheck: 'false', autocapitalize: 'off',
    'aria-describedby': 'order-status' });
  box.value = mine && mine.orders ? mine.orders.map((o) => o.text).join('\n') : '';
  const status = h('ol', { id: 'order-status', class: 'status', 'aria-live': 'polite' });
  const showChecks = (view) => status.replaceChildren(...view.orders.map((o) => h('li', { class: o.error ? 'bad' : 'ok' },
    h('span', { class: 'text' }, o.text), ' → ', o.error ? '✗ ' + o.error : '✓ ' + o.read_as)));
  if (mine) showChecks(mine);
  let timer = null;
  const send = async () => {
    const lines = box.value.split('\n').map((l) => l.trim()).filter(Boolean);
    try { showChecks(await api('PUT', `/api/games/${g.id}/orders`, { orders: lines, phase_number: g.phase_number })); saved.textContent = 'Saved.'; refreshPowers(g.id, box); } catch (e) { saved.textContent = e.message; }
  };
  box.addEventListener('input', () => { clearTimeout(timer); saved.textContent = 'Checking…'; timer = setTimeout(send, 400); });
  const saved = h('span', { class: 'muted', id: 'saved', 'aria-live': 'polite' });
  S.addOrder = (line) => { box.value = (box.value.trim() ? box.value.trim() + '\n' : '') + line; box.dispatchEvent(new Event('input')); };
  const ready = !!(mine && mine.ready);
  const readyBtn = h('button', { type: 'button', id: 'ready', 'aria-pressed': String(ready), onclick: async () => {
    const now = readyBtn.getAttribute('aria-pressed') !== 'true';
    try { await api('POST', `/api/games/${g.id}/ready`, { ready: now }); readyBtn.setAttribute('aria-pressed', String(now)); readyBtn.textContent = now ? 'Ready ✓ (click to unset)' : 'Mark ready'; refreshPowers(g.id, box); } catch (e) { flash(e.message, true); }
  } }, ready ? 'Ready ✓ (click to unset)' : 'Mark ready');
  const kind = /retreat/i.test(g.phase) ? 'Retreats' : /adjust|winter|build/i.test(g.phase) ? 'Builds and disbands' : 'Orders';
  return section(`My ${kind.toLowerCase()} (${g.my_power}, ${g.phase})`,
    h('p', { class: 'muted' }, kind === 'Builds and disbands'
      ? 'One order per line, e.g. "Build A vie" or "Disband F tri". Each line is checked as you type. Or pick from the legal orders below, or click a province on the map.'
      : kind === 'Retreats'
        ? 'One order per line, e.g. "A mun - boh" or "A mun D". Each line is checked as you type. Or pick from the legal orders below, or click the dislodged unit on the map.'
        : 'One order per line, e.g. "A vie - gal". Each line is checked as you type. Or pick from the legal orders below, or click a unit on the map and then its destination.'),
    field(kind, box), status, h('p', {}, readyBtn, ' ', saved),
    legalPicker(), kind === 'Orders' ? clickHelp() : choicesHelp(kind));
}
// Retreats and adjustments: a map click lists the legal orders for the clicked place.
function choicesHelp(kind) {
  S.choosing = true;
  return h('div', {}, h('p', { id: 'click-hint', class: 'muted', 'aria-live': 'polite' },
    kind === 'Retreats' ? 'Click a dislodged unit on the map for its retreats.' : 'Click a province on the map for its builds or disbands.'),
  h('div', { id: 'click-choices', class: 'choices' }));
}
// The province an order is given at: the unit's place, or where a build goes.
function orderPlace(order) {
  const m = order.match(/^(?:(?:build|disband|remove)\s+)?[AF]\s+(\S+)/i);
  return m ? base(m[1]) : null;
}
function offerChoices(prov) {
  const list = (S.legal.orders || []).filter((o) => orderPlace(o) === prov);
  const box = $('#click-choices');
  if (!box) return;
  box.replaceChildren(...list.map((o) => h('button', { type: 'button', onclick: () => { S.addOrder(o); box.replaceChildren(); $('#click-hint').textContent = `Added: ${o}`; } }, o)));
  const p = $('#click-hint');
  if (p) p.textContent = list.length ? `Legal orders at ${prov}:` : `No orders to give at ${prov}.`;
}
function unitOf(order) {
  const m = order.match(/^([AF])\s+([a-z]{3}(?:[/(][a-z]{2}\)?)?)/i);
  return m ? `${m[1]} ${m[2]}` : 'Builds and disbands';
}
function legalPicker() {
  const groups = new Map();
  for (const o of S.legal.orders) {
    const k = unitOf(o);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(o);
  }
  const wrap = h('div', { class: 'picker', id: 'picker' }, h('h3', {}, 'Legal orders'));
  if (!groups.size) wrap.append(h('p', {}, 'No orders to give.'));
  for (const [unit, list] of groups) {
    const sel = h('select', { 'data-unit': unit }, list.slice(0, 400).map((o) => h('option', { value: o }, o)));
    wrap.append(h('div', { class: 'pick' }, field(unit, sel),
      h('button', { type: 'button', onclick: () => S.addOrder(sel.value) }, 'Add')));
  }
  return wrap;
}
function clickHelp() {
  const mode = h('fieldset', { class: 'modes' }, h('legend', {}, 'Map clicks give'),
    ...['move', 'support', 'convoy', 'hold'].map((m, i) => h('label', {},
      h('input', { type: 'radio', name: 'mode', value: m, checked: i === 0, onchange: () => { S.clickState = null; hint(); } }), ' ' + m)));
  return h('div', {}, mode, h('p', { id: 'click-hint', class: 'muted', 'aria-live': 'polite' }, 'Click one of your units on the map.'));
}
function hint(text) { const p = $('#click-hint'); if (p) p.textContent = text || 'Click one of your units on the map.'; }
function mode() { const r = document.querySelector('input[name=mode]:checked'); return r ? r.value : 'move'; }
const base = (loc) => loc.toLowerCase().replace(/[/(].*$/, '');
// The legal order (if any) that reads like `want` once coasts are ignored.
function legalLike(want) {
  const norm = (s) => s.toLowerCase().replace(/[/(][a-z]{2}\)?/g, '').replace(/\s+/g, ' ').trim();
  const n = norm(want);
  const hit = (S.legal.orders || []).find((o) => norm(o) === n);
  return hit || want;
}
function wireMap(box) {
  const svg = box.querySelector('svg');
  if (!svg) return;
  svg.addEventListener('click', (ev) => {
    const unitEl = ev.target.closest('g.unit');
    const provEl = ev.target.closest('[id^="province-"]');
    const unit = unitEl ? { kind: unitEl.dataset.kind, loc: unitEl.dataset.location, power: unitEl.dataset.power, dislodged: unitEl.classList.contains('dislodged') } : null;
    const prov = unit ? base(unit.loc) : provEl ? provEl.id.slice('province-'.length) : null;
    if (!prov) return;
    onMapClick(unit, prov);
  });
}
function onMapClick(unit, prov) {
  if (S.choosing) { offerChoices(prov); return; }
  const st = S.clickState;
  const m = mode();
  if (!st) {
    if (!unit || unit.power !== S.legal.power) { hint('Click one of your own units first.'); return; }
    if (m === 'hold') { S.addOrder(legalLike(`${unit.kind} ${unit.loc} H`)); hint(); return; }
    S.clickState = { unit };
    hint(`${unit.kind} ${unit.loc} selected: ` + (m === 'move' ? 'now click its destination.' : m === 'support' ? 'now click the unit it supports.' : 'now click the army it convoys.'));
    return;
  }
  const me = `${st.unit.kind} ${st.unit.loc}`;
  if (m === 'move') {
    S.addOrder(legalLike(`${me} - ${prov}`)); S.clickState = null; hint(); return;
  }
  if (!st.other) {
    if (!unit) { hint('Click a unit.'); return; }
    st.other = unit;
    hint(`Now click where ${unit.kind} ${unit.loc} goes (click it again to support it holding).`);
    return;
  }
  const o = `${st.other.kind} ${st.other.loc}`;
  const line = m === 'support'
    ? (prov === base(st.other.loc) ? `${me} S ${o}` : `${me} S ${o} - ${prov}`)
    : `${me} C ${o} - ${prov}`;
  S.addOrder(legalLike(line));
  S.clickState = null;
  hint();
}

// ---------- results and history ----------
async function lastResultPanel(g) {
  const phases = await api('GET', `/api/games/${g.id}/phases`);
  if (!phases.length) return section('Results', h('p', {}, 'No phase has been played yet.'));
  const last = phases[phases.length - 1];
  const d = await api('GET', `/api/games/${g.id}/phases/${last.number}`);
  return section('Last results: ' + d.phase,
    h('img', { class: 'map', src: `/api/games/${g.id}/map.svg?phase=${d.number}`, alt: `Map of ${d.phase} with its orders and outcomes` }),
    h('pre', { class: 'report', id: 'report' }, d.report),
    h('p', {}, h('a', { href: `#/game/${g.id}/phase/${d.number}` }, 'Browse the history')));
}
async function historyPanel(g, n) {
  const phases = await api('GET', `/api/games/${g.id}/phases`);
  const idx = phases.findIndex((p) => p.number === n);
  if (idx < 0) return section('History', h('p', {}, 'No such phase.'), h('a', { href: '#/game/' + g.id }, 'Back to the game'));
  const d = await api('GET', `/api/games/${g.id}/phases/${n}`);
  const pick = h('select', { onchange: () => { location.hash = `#/game/${g.id}/phase/${pick.value}`; } },
    phases.map((p) => h('option', { value: p.number, selected: p.number === n }, p.phase)));
  const prev = phases[idx - 1], next = phases[idx + 1];
  return section('History: ' + d.phase,
    h('nav', { class: 'steps', 'aria-label': 'Phases' },
      prev ? h('a', { href: `#/game/${g.id}/phase/${prev.number}` }, '← ' + prev.phase) : h('span', {}, ''),
      field('Phase', pick),
      next ? h('a', { href: `#/game/${g.id}/phase/${next.number}` }, next.phase + ' →') : h('a', { href: '#/game/' + g.id }, 'Current phase →')),
    h('img', { class: 'map', src: `/api/games/${g.id}/map.svg?phase=${n}`, alt: `Map of ${d.phase} with its orders and outcomes` }),
    h('h3', {}, 'Orders'), h('ul', { class: 'orders' }, d.orders.map((o) => h('li', {}, o))),
    h('h3', {}, 'Report'), h('pre', { class: 'report', id: 'report' }, d.report));
}

// ---------- press ----------
async function pressPanel(g, isGm) {
  const list = await api('GET', `/api/games/${g.id}/messages`).catch(() => ({ messages: [], unread: 0 }));
  const convo = (m) => m.to_all ? 'Everyone' : m.to_gm ? 'GM' : [m.from].concat(m.to).filter((x, i, a) => a.indexOf(x) === i).sort().join(', ');
  const groups = new Map();
  for (const m of list.messages) { const k = convo(m); if (!groups.has(k)) groups.set(k, []); groups.get(k).push(m); }
  const convs = h('div', { id: 'messages' });
  for (const [k, ms] of groups) {
    convs.append(h('details', { open: true }, h('summary', {}, `${k} (${ms.length})`),
      h('ul', { class: 'messages' }, ms.map((m) => h('li', {}, h('strong', {}, m.from), ` (${m.phase}): `, m.body)))));
  }
  if (!groups.size) convs.append(h('p', {}, 'No messages yet.'));
  const others = g.powers.map((p) => p.name).filter((n) => n !== g.my_power);
  const body = h('textarea', { rows: 2, id: 'press-body', required: true });
  const pub = g.settings.press === 'public_only';
  const toBoxes = pub ? [] : others.map((n) => h('label', {}, h('input', { type: 'checkbox', name: 'to', value: n }), ' ' + n));
  const all = h('input', { type: 'checkbox', name: 'to-all', checked: pub, disabled: pub });
  const form = h('form', { id: 'press-form' },
    h('fieldset', { class: 'checks' }, h('legend', {}, 'To'), h('label', {}, all, ' Everyone (public)'), ...toBoxes),
    field('Message', body), h('button', { type: 'submit' }, 'Send'));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const to = all.checked ? 'all' : [...form.querySelectorAll('input[name=to]:checked')].map((c) => c.value);
    if (Array.isArray(to) && !to.length) { flash('Choose who the message is for.', true); return; }
    try { await api('POST', `/api/games/${g.id}/messages`, { to, body: body.value }); route(); } catch (e) { flash(e.message, true); }
  });
  const note = !isGm ? null : g.my_power
    ? h('p', { class: 'muted' }, `As a GM who plays ${g.my_power} you read what ${g.my_power} reads, and the notes to the GM.`)
    : h('p', { class: 'muted' }, 'As the GM you read every message of this game, private ones too.');
  return section(`Press (${list.unread} new)`, note, convs, form);
}

// ---------- GM panel ----------
function gmPanel(g) {
  const act = (path, body) => async () => {
    try { await api('POST', `/api/games/${g.id}/gm/${path}`, body ? body() : {}); flash('Done: ' + path); await route(); flash('Done: ' + path); } catch (e) { flash(e.message, true); }
  };
  const minutes = h('input', { type: 'number', min: 1, value: 60 });
  const power = select('power', g.powers.map((p) => [p.name, p.name]));
  const user = h('input', { name: 'replacement', autocomplete: 'off' });
  const ending = select('ending', [['draw', 'Draw among survivors'], ['abandoned', 'Abandoned']], 'draw');
  return section('Gamemaster',
    h('div', { class: 'row' },
      g.status === 'paused' ? h('button', { type: 'button', onclick: act('resume') }, 'Resume')
        : h('button', { type: 'button', onclick: act('pause') }, 'Pause'),
      h('button', { type: 'button', id: 'gm-process', onclick: act('process') }, 'Process now')),
    h('div', { class: 'row' }, field('Extend by (minutes)', minutes),
      h('button', { type: 'button', onclick: act('extend', () => ({ minutes: +minutes.value })) }, 'Extend')),
    h('div', { class: 'row' }, field('Power', power), field('New player (username)', user),
      h('button', { type: 'button', onclick: act('replace', () => ({ power: power.value, username: user.value })) }, 'Replace player')),
    h('div', { class: 'row' }, field('End as', ending),
      h('button', { type: 'button', onclick: act('end', () => ({ result: ending.value, powers: g.powers.filter((p) => p.units || p.centers).map((p) => p.name) })) }, 'End the game')));
}

window.addEventListener('hashchange', route);
window.addEventListener('DOMContentLoaded', async () => { await loadMe(); route(); });
