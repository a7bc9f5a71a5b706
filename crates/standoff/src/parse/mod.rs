//! The order parser: text as people write it → [`Order`] (ids only).
//!
//! Reads full names, rulebook abbreviations and common aliases, case-insensitively;
//! `-`/`to`/`moves to`, `S`/`supports`, `C`/`convoys`, `H`/`holds`, `via convoy`,
//! convoy paths (`A Lon - Nth - Bel`, kept for DATC 4.A.6), retreats, disbands, builds,
//! removals, waives and proxy orders (`F Nth proxy to Germany`, DATC 4.E.5).
//! Nationality and unit-type words are optional and not binding (DATC 4.C.1, 4.C.2,
//! 4.C.5, 4.C.6). A coast the space does not have is kept as a stray coast on the order
//! (DATC 4.B.6). Misspelled names are read when only one space is close (DATC 4.E.2);
//! anything else is a [`ParseError`] with the span of the bad word. The parser never
//! panics.

mod error;
mod fuzzy;
mod lexer;
mod reading;
mod sections;
mod unit;

pub use error::{ParseError, ParseErrorKind};
pub use reading::parse_orders_with;
pub use sections::{split_phases, HeaderError, PhaseSection};
pub use unit::parse_unit;

use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::map::{gap_matches, MultiWordName};
use crate::order::{Order, OrderKind, StrayCoast, UnitRef};
use crate::phase::PhaseKind;
use crate::rules::Rules;
use crate::unit::UnitKind;
use crate::variant::Variant;
use lexer::{lex, lex_into, Lexed, Tok, Token};

/// One order read from a multi-line order text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedLine {
    /// 1-based line number.
    pub line: usize,
    /// The order.
    pub order: Order,
    /// The text it was read from.
    pub text: String,
}

/// One line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub error: ParseError,
}

/// Parses a single order. `power` applies when the text has no `Power:` prefix.
/// `phase` decides what `-` and `D` mean (move/retreat; disband/remove).
pub fn parse_order(
    variant: &Variant,
    phase: PhaseKind,
    power: Option<PowerId>,
    text: &str,
) -> Result<Order, ParseError> {
    if text.len() > crate::limits::MAX_ORDER_LINE_BYTES {
        return Err(line_too_long(text));
    }
    LINE.with(|line| {
        // A call made while another holds the buffer (none does today) lexes into a
        // new one.
        let mut lexed = line.take();
        lex_into(text, &mut lexed);
        let mut p = Parser {
            variant,
            tokens: &lexed.tokens,
            lexed: &lexed,
            pos: 0,
            input: text,
            stray_coast: None,
        };
        let order = p.order(phase, power);
        line.replace(lexed);
        order
    })
}

thread_local! {
    /// The lexed line of [`parse_order`], kept so that reading order after order
    /// allocates nothing per line.
    static LINE: std::cell::Cell<Lexed> = std::cell::Cell::new(Lexed::default());
}

/// The error for a line over the length limit, showing only its start.
fn line_too_long(text: &str) -> ParseError {
    let input = crate::limits::shown_prefix(text);
    ParseError {
        kind: ParseErrorKind::LineTooLong { bytes: text.len() },
        span: 0..input.len(),
        input,
    }
}

/// A block of orders over the size limit: nothing read, one error (line 0).
fn text_too_large(text: &str) -> Option<(Vec<ParsedLine>, Vec<LineError>)> {
    (text.len() > crate::limits::MAX_ORDERS_TEXT_BYTES).then(|| {
        let error = ParseError {
            kind: ParseErrorKind::TextTooLarge { bytes: text.len() },
            span: 0..0,
            input: String::new(),
        };
        (Vec::new(), vec![LineError { line: 0, error }])
    })
}

/// Errors of one block of orders, at most [`crate::limits::MAX_REPORTED_ERRORS`] kept;
/// the rest are counted and stand as one [`ParseErrorKind::TooManyErrors`] at the end.
#[derive(Default)]
struct BoundedErrors {
    kept: Vec<LineError>,
    suppressed: usize,
    first_suppressed_line: usize,
}

impl BoundedErrors {
    /// Adds an error (counted only, once the limit is reached).
    fn push(&mut self, error: LineError) {
        if self.kept.len() < crate::limits::MAX_REPORTED_ERRORS {
            self.kept.push(error);
        } else {
            if self.suppressed == 0 {
                self.first_suppressed_line = error.line;
            }
            self.suppressed += 1;
        }
    }

    /// The kept errors, the count of the others, and the count of the lines of
    /// `lines` that were not read.
    fn into_vec(mut self, lines: &OrderLines<'_>) -> Vec<LineError> {
        if self.suppressed > 0 {
            self.kept.push(LineError {
                line: self.first_suppressed_line,
                error: ParseError {
                    kind: ParseErrorKind::TooManyErrors {
                        suppressed: self.suppressed,
                    },
                    span: 0..0,
                    input: String::new(),
                },
            });
        }
        if lines.unread > 0 {
            self.kept.push(LineError {
                line: lines.first_unread,
                error: ParseError {
                    kind: ParseErrorKind::TooManyLines {
                        unread: lines.unread,
                    },
                    span: 0..0,
                    input: String::new(),
                },
            });
        }
        self.kept
    }
}

/// Parses a single order in the context of a position: when a name could be several
/// spaces (`A Bur - Pir`, `F Rum - Bu`), the reading that gives a legal order is taken
/// if there is exactly one (DATC 4.E.2 b: each order is read as the player meant a
/// possible order); otherwise the ambiguity is the error. [`parse_orders_with`] reads
/// under the other choices of 4.E.2.
pub fn parse_order_at(
    variant: &Variant,
    position: &crate::position::Position,
    power: Option<PowerId>,
    text: &str,
) -> Result<Order, ParseError> {
    resolve_ambiguity(
        variant,
        position,
        &Rules::DATC,
        power,
        text,
        AMBIGUITY_DEPTH,
    )
}

/// How deep [`parse_order_at`] looks for names that could be several spaces.
const AMBIGUITY_DEPTH: u8 = 2;

fn resolve_ambiguity(
    variant: &Variant,
    position: &crate::position::Position,
    rules: &Rules,
    power: Option<PowerId>,
    text: &str,
    depth: u8,
) -> Result<Order, ParseError> {
    let phase = position.phase.kind;
    let error = match parse_order(variant, phase, power, text) {
        Ok(order) => return Ok(order),
        Err(e) => e,
    };
    let ParseErrorKind::AmbiguousLocation(word, candidates) = &error.kind else {
        return Err(error);
    };
    if depth == 0 {
        return Err(error);
    }
    let mut legal: Vec<(String, Order)> = Vec::new();
    for id in candidates {
        let (Some(before), Some(after)) =
            (text.get(..error.span.start), text.get(error.span.end..))
        else {
            return Err(error);
        };
        let candidate = format!("{before}{id}{after}");
        if let Ok(order) = resolve_ambiguity(variant, position, rules, power, &candidate, depth - 1)
        {
            if crate::legal::is_legal_with(variant, rules, position, &order) {
                legal.push((id.clone(), order));
            }
        }
    }
    match legal.as_slice() {
        [(_, order)] => Ok(order.clone()),
        [] => Err(error),
        many => Err(ParseError {
            kind: ParseErrorKind::AmbiguousLocation(
                word.clone(),
                many.iter().map(|(id, _)| id.clone()).collect(),
            ),
            ..error
        }),
    }
}

/// [`parse_orders`] in the context of a position: the phase is the position's, and
/// ambiguous names are settled by legality ([`parse_order_at`]).
pub fn parse_orders_at(
    variant: &Variant,
    position: &crate::position::Position,
    text: &str,
) -> (Vec<ParsedLine>, Vec<LineError>) {
    parse_lines(variant, text, |power, line| {
        parse_order_at(variant, position, power, line)
    })
}

/// Parses a block of orders, one per line. `#` starts a comment. A line holding only a
/// power name (optionally with `:`) sets the power for the lines after it. Every line is
/// read: the orders that parse are returned together with an error for each that did not.
pub fn parse_orders(
    variant: &Variant,
    phase: PhaseKind,
    text: &str,
) -> (Vec<ParsedLine>, Vec<LineError>) {
    parse_lines(variant, text, |power, line| {
        parse_order(variant, phase, power, line)
    })
}

fn parse_lines(
    variant: &Variant,
    text: &str,
    parse: impl Fn(Option<PowerId>, &str) -> Result<Order, ParseError>,
) -> (Vec<ParsedLine>, Vec<LineError>) {
    if let Some(refused) = text_too_large(text) {
        return refused;
    }
    let mut orders = Vec::new();
    let lines = order_lines(variant, text);
    let mut errors = BoundedErrors::default();
    for &OrderLine { line, power, text } in &lines.lines {
        match parse(power, text) {
            Ok(order) => orders.push(ParsedLine {
                line,
                order,
                text: text.to_string(),
            }),
            Err(error) => errors.push(LineError { line, error }),
        }
    }
    (orders, errors.into_vec(&lines))
}

/// One line of a block of orders that holds an order.
struct OrderLine<'t> {
    /// 1-based line number.
    line: usize,
    /// The power of the last power header above it, if any.
    power: Option<PowerId>,
    /// The text without comment and surrounding space.
    text: &'t str,
}

/// The order lines of a block, up to [`crate::limits::MAX_ORDER_LINES`].
struct OrderLines<'t> {
    /// The lines read.
    lines: Vec<OrderLine<'t>>,
    /// Non-blank lines after the limit, not read.
    unread: usize,
    /// The first of them (1-based).
    first_unread: usize,
}

/// The order lines of a block: comments (`#`) and blank lines dropped, and a line holding
/// only a power name (optionally with `:`) taken as the power of the lines after it.
fn order_lines<'t>(variant: &Variant, text: &'t str) -> OrderLines<'t> {
    let mut out = Vec::new();
    let mut current: Option<PowerId> = None;
    let (mut unread, mut first_unread) = (0, 0);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if out.len() >= crate::limits::MAX_ORDER_LINES {
            if unread == 0 {
                first_unread = i + 1;
            }
            unread += 1;
            continue;
        }
        // A line over the limit is passed on whole, to be refused unread.
        if line.len() > crate::limits::MAX_ORDER_LINE_BYTES {
            out.push(OrderLine {
                line: i + 1,
                power: current,
                text: line,
            });
            continue;
        }
        let header = line.trim_end_matches(':').trim();
        if let Some(p) = variant.find_power(header) {
            current = Some(p);
            continue;
        }
        // `A Egy H SC F Med - Red`: the permission is an order of its own (DATC 7.C).
        let (main, permission) = split_canal_clause(variant, line);
        out.push(OrderLine {
            line: i + 1,
            power: current,
            text: main,
        });
        if let Some(text) = permission {
            let power = main
                .split_once(':')
                .and_then(|(p, _)| variant.find_power(p.trim()))
                .or(current);
            out.push(OrderLine {
                line: i + 1,
                power,
                text,
            });
        }
    }
    OrderLines {
        lines: out,
        unread,
        first_unread,
    }
}

/// Splits a line that gives the unit in a canal's gate an order and a permission
/// (`A Egy H SC F Med - Red`, DATC 7.C.2) into the order and the permission
/// (`SC F Med - Red`). Lines without such a clause come back whole.
fn split_canal_clause<'t>(variant: &Variant, line: &'t str) -> (&'t str, Option<&'t str>) {
    if variant.canal().is_none() {
        return (line, None);
    }
    let lexed = lex(line);
    let clause = lexed
        .tokens
        .iter()
        .skip(1)
        .find(|t| t.tok == Tok::Word && lexed.norm(t) == "sc")
        .map(|t| t.span.start);
    match clause.and_then(|at| Some((line.get(..at)?, line.get(at..)?))) {
        Some((main, permission)) if !main.trim().trim_end_matches(':').is_empty() => {
            (main.trim(), Some(permission))
        }
        _ => (line, None),
    }
}

struct Parser<'a> {
    variant: &'a Variant,
    tokens: &'a [Token],
    /// The lexed line the tokens belong to (their normalised texts).
    lexed: &'a Lexed,
    pos: usize,
    input: &'a str,
    /// The first coast read that no id can hold (DATC 4.B.6).
    stray_coast: Option<StrayCoast>,
}

/// A coast as written after a space name.
#[derive(Clone, Copy)]
enum Coast {
    /// One of the coast names (`nc`, `north coast`, ...), normalised.
    Named(&'static str),
    /// Written as a coast (`/xc`, `(middle coast)`) but no coast name.
    Unknown,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Action {
    Hold,
    Move,
    Support,
    Convoy,
    Retreat,
    Disband,
    Build,
    Remove,
    Proxy,
}

fn action_word(w: &str) -> Option<Action> {
    Some(match w {
        "h" | "hold" | "holds" | "stand" | "stands" => Action::Hold,
        "m" | "move" | "moves" | "to" | "mto" | "attack" | "attacks" => Action::Move,
        "s" | "sup" | "supp" | "support" | "supports" | "supporting" => Action::Support,
        "c" | "con" | "convoy" | "convoys" | "convoying" | "transport" | "transports" => {
            Action::Convoy
        }
        "r" | "retreat" | "retreats" | "ret" => Action::Retreat,
        "d" | "disband" | "disbands" => Action::Disband,
        "b" | "build" | "builds" => Action::Build,
        "remove" | "removes" => Action::Remove,
        "proxy" | "proxies" => Action::Proxy,
        _ => return None,
    })
}

/// Whether `w` starts none of the keyword forms of [`Parser::order_body`] (so a name
/// starting with it need not be looked for there).
fn is_keyword_free(w: &str) -> bool {
    !matches!(w, "waive" | "waives") && action_word(w).is_none()
}

fn kind_word(w: &str) -> Option<UnitKind> {
    match w {
        "a" | "army" => Some(UnitKind::Army),
        "f" | "fleet" => Some(UnitKind::Fleet),
        _ => None,
    }
}

fn coast_word(w: &str) -> Option<&'static str> {
    Some(match w {
        "nc" | "n" | "north" | "northcoast" => "nc",
        "sc" | "s" | "south" | "southcoast" => "sc",
        "ec" | "e" | "east" | "eastcoast" => "ec",
        "wc" | "w" | "west" | "westcoast" => "wc",
        _ => return None,
    })
}

/// A coast written after `/` or in parentheses: a coast name, or something shaped like
/// one (`xc`, `middle coast`) that names no coast.
fn written_coast(w: &str) -> Option<Coast> {
    match coast_word(w) {
        Some(c) => Some(Coast::Named(c)),
        None if (w.len() == 2 && w.ends_with('c')) || (w.len() > 5 && w.ends_with("coast")) => {
            Some(Coast::Unknown)
        }
        None => None,
    }
}

impl<'a> Parser<'a> {
    fn err<T>(&self, kind: ParseErrorKind, span: std::ops::Range<usize>) -> Result<T, ParseError> {
        Err(ParseError {
            kind,
            span,
            input: self.input.to_string(),
        })
    }

    fn here_span(&self) -> std::ops::Range<usize> {
        match self.tokens.get(self.pos) {
            Some(t) => t.span.clone(),
            None => self.input.len()..self.input.len(),
        }
    }

    fn peek(&self) -> Option<&'a Token> {
        self.tokens.get(self.pos)
    }

    /// The normalised text of `t` (empty for punctuation).
    fn norm(&self, t: &Token) -> &'a str {
        self.lexed.norm(t)
    }

    fn peek_word(&self) -> Option<&'a str> {
        self.peek()
            .filter(|t| t.tok == Tok::Word)
            .map(|t| self.norm(t))
    }

    fn peek_word_at(&self, offset: usize) -> Option<&'a str> {
        self.tokens
            .get(self.pos + offset)
            .filter(|t| t.tok == Tok::Word)
            .map(|t| self.norm(t))
    }

    fn at(&self, tok: Tok) -> bool {
        self.peek().is_some_and(|t| t.tok == tok)
    }

    fn skip_commas(&mut self) {
        while self.at(Tok::Comma) {
            self.pos += 1;
        }
    }

    fn order(
        &mut self,
        phase: PhaseKind,
        default_power: Option<PowerId>,
    ) -> Result<Order, ParseError> {
        if self.tokens.is_empty() {
            return self.err(ParseErrorKind::Empty, 0..0);
        }
        let power = self.power_prefix()?.or(default_power);
        let Some(power) = power else {
            return self.err(ParseErrorKind::MissingPower, self.here_span());
        };
        let kind = match self.canal_permission()? {
            Some(permission) => permission,
            None => self.order_body(phase)?,
        };
        // Bowen 5: lines of a fleet's conditional order set end `otherwise` or
        // `if <nationality>`; on a non-convoy line the condition only marks the set.
        if self.variant.flags().hop_convoys {
            match self.peek_word() {
                Some("otherwise" | "else") => self.pos += 1,
                Some("if")
                    if self
                        .peek_word_at(1)
                        .is_some_and(|w| self.variant.find_power_normalized(w).is_some()) =>
                {
                    self.pos += 2
                }
                _ => {}
            }
        }
        self.skip_commas();
        if self.pos < self.tokens.len() {
            return self.err(ParseErrorKind::TrailingInput, self.here_span());
        }
        Ok(Order {
            power,
            kind,
            stray_coast: self.stray_coast,
        })
    }

    /// `England:` or `England` followed by the order.
    fn power_prefix(&mut self) -> Result<Option<PowerId>, ParseError> {
        // Find a colon among the first tokens: everything before it names the power.
        if let Some(colon) = self.tokens.iter().position(|t| t.tok == Tok::Colon) {
            // One word (the usual `England:`) is looked up as it stands.
            let text: std::borrow::Cow<'a, str> = match &self.tokens[..colon] {
                [one] => self.norm(one).into(),
                many => many.iter().map(|t| self.norm(t)).collect::<String>().into(),
            };
            let span = match (
                self.tokens.first(),
                colon.checked_sub(1).and_then(|c| self.tokens.get(c)),
            ) {
                (Some(a), Some(b)) => a.span.start..b.span.end,
                _ => 0..0,
            };
            if colon == 0 {
                return self.err(ParseErrorKind::UnknownPower(String::new()), span);
            }
            self.pos = colon + 1;
            if let Some(p) = self.variant.find_power_normalized(&text) {
                return Ok(Some(p));
            }
            let candidates = self.variant.powers.iter().enumerate().flat_map(|(i, p)| {
                [p.name.as_str(), p.adjective.as_str()]
                    .into_iter()
                    .map(move |n| (crate::map::normalize_name(n), PowerId(i as u8)))
            });
            return match fuzzy::closest(&text, candidates).as_slice() {
                [p] => Ok(Some(*p)),
                _ => self.err(
                    ParseErrorKind::UnknownPower(self.input[span.clone()].to_string()),
                    span,
                ),
            };
        }
        // No colon: a leading word that is a power name (and not a unit letter).
        if let Some(w) = self.peek_word() {
            if kind_word(w).is_none() && action_word(w).is_none() {
                if let Some(p) = self.variant.find_power_normalized(w) {
                    // Only if what follows is not the rest of a location name
                    // (`Norwegian Sea H`, `Mexico City H`).
                    if (self.variant.map.find_normalized(w).is_none() || self.tokens.len() > 2)
                        && !self.full_name_at(self.pos)
                    {
                        self.pos += 1;
                        return Ok(Some(p));
                    }
                }
            }
        }
        Ok(None)
    }

    fn order_body(&mut self, phase: PhaseKind) -> Result<OrderKind, ParseError> {
        // Adjustment forms that start with a keyword (not the first word of a space's
        // name).
        if let Some(w) = self
            .peek_word()
            .filter(|&w| !is_keyword_free(w) && !self.full_name_at(self.pos))
        {
            if w == "waive" || w == "waives" {
                self.pos += 1;
                return Ok(OrderKind::Waive);
            }
            match action_word(w) {
                Some(Action::Build) => {
                    self.pos += 1;
                    if matches!(self.peek_word(), Some("waive" | "waives")) {
                        self.pos += 1;
                        return Ok(OrderKind::Waive);
                    }
                    let unit = self.unit_ref()?;
                    return Ok(OrderKind::Build { unit });
                }
                Some(Action::Remove) => {
                    self.pos += 1;
                    let unit = self.unit_ref()?;
                    return Ok(OrderKind::Remove { unit });
                }
                Some(Action::Disband) if self.tokens.len() > self.pos + 1 => {
                    self.pos += 1;
                    let unit = self.unit_ref()?;
                    return Ok(disband(phase, unit));
                }
                _ => {}
            }
        }
        let unit = self.unit_ref()?;
        self.skip_commas();
        // `A Mos TSR Vla`: a railway ride written without a dash.
        if self.rail_word() {
            return self.rail_destination(unit);
        }
        let Some(tok) = self.peek() else {
            return Ok(OrderKind::Hold { unit });
        };
        let action = match tok.tok {
            Tok::Dash => Action::Move,
            Tok::Word => match action_word(self.norm(tok)) {
                Some(a) => a,
                None => return self.err(ParseErrorKind::ExpectedAction, tok.span.clone()),
            },
            _ => return self.err(ParseErrorKind::ExpectedAction, tok.span.clone()),
        };
        self.pos += 1;
        match action {
            Action::Hold => Ok(OrderKind::Hold { unit }),
            Action::Disband | Action::Remove => Ok(disband(phase, unit)),
            Action::Build => Ok(OrderKind::Build { unit }),
            Action::Proxy => {
                if matches!(self.peek_word(), Some("to")) {
                    self.pos += 1;
                }
                let to = self.power_name()?;
                Ok(OrderKind::Proxy { unit, to })
            }
            Action::Move | Action::Retreat => {
                // "moves to", "retreats to"
                if matches!(self.peek_word(), Some("to")) {
                    self.pos += 1;
                }
                // `A Mos - TSR - Vla`: a railway ride (Colonial).
                if self.rail_word() {
                    return self.rail_destination(unit);
                }
                let mut to = self.location()?;
                // A convoy path (DATC 4.A.6): `A Lon - Nth - Bel` keeps `[Nth]`.
                let mut path = Vec::new();
                while self.at(Tok::Dash) {
                    self.pos += 1;
                    path.push(self.variant.map.province_of(to));
                    to = self.location()?;
                }
                let via_convoy = self.via_convoy();
                if action == Action::Retreat || phase == PhaseKind::Retreat {
                    Ok(OrderKind::Retreat { unit, to })
                } else {
                    Ok(OrderKind::Move {
                        unit,
                        to,
                        via_convoy,
                        path: path.into(),
                    })
                }
            }
            Action::Support => {
                let nationality = self.nationality();
                let target = UnitRef {
                    nationality,
                    ..self.unit_ref()?
                };
                match self.peek() {
                    Some(t)
                        if t.tok == Tok::Dash
                            || matches!(self.norm(t), "to" | "m" | "move" | "moves") =>
                    {
                        self.pos += 1;
                        if matches!(self.peek_word(), Some("to")) {
                            self.pos += 1;
                        }
                        let mut to = self.location()?;
                        while self.at(Tok::Dash) {
                            self.pos += 1;
                            to = self.location()?;
                        }
                        self.via_convoy();
                        Ok(OrderKind::SupportMove { unit, target, to })
                    }
                    Some(t) if matches!(action_word(self.norm(t)), Some(Action::Hold)) => {
                        self.pos += 1;
                        Ok(OrderKind::SupportHold { unit, target })
                    }
                    _ => Ok(OrderKind::SupportHold { unit, target }),
                }
            }
            Action::Convoy => {
                let nationality = self.nationality();
                let army = UnitRef {
                    nationality,
                    ..self.unit_ref()?
                };
                match self.peek() {
                    Some(t) if t.tok == Tok::Dash || self.norm(t) == "to" => self.pos += 1,
                    _ => return self.err(ParseErrorKind::ExpectedAction, self.here_span()),
                }
                let mut to = self.location()?;
                while self.at(Tok::Dash) {
                    self.pos += 1;
                    to = self.location()?;
                }
                // `... if French` / `... otherwise`: the convoy applies to armies of that
                // nationality / to the others (Bowen 5; elsewhere the same as naming the
                // nationality before the army).
                let army = match self.peek_word() {
                    Some("if") => {
                        self.pos += 1;
                        let Some(power) = self
                            .peek_word()
                            .and_then(|w| self.variant.find_power_normalized(w))
                        else {
                            let word = self
                                .peek()
                                .map(|t| self.norm(t).to_string())
                                .unwrap_or_default();
                            return self.err(ParseErrorKind::UnknownPower(word), self.here_span());
                        };
                        self.pos += 1;
                        UnitRef {
                            nationality: Some(power),
                            ..army
                        }
                    }
                    Some("otherwise" | "else") => {
                        self.pos += 1;
                        army
                    }
                    _ => army,
                };
                // A convoy carries an army: a coast of its destination means nothing.
                if to.index() >= self.variant.map.province_count() {
                    self.stray_coast.get_or_insert(StrayCoast::Irrelevant);
                }
                Ok(OrderKind::Convoy {
                    unit,
                    army,
                    to: self.variant.map.province_of(to),
                })
            }
        }
    }

    /// Consumes the railway word (`TSR`, `Trans-Siberian Railroad`, `rail`) if the
    /// variant has a railway and it comes next.
    fn rail_word(&mut self) -> bool {
        if self.variant.railway().is_none() {
            return false;
        }
        match self.peek_word() {
            Some("tsr" | "rail" | "railroad" | "railway") => self.pos += 1,
            Some("trans" | "transsiberian") => {
                let mut k = 1;
                if self.peek_word() == Some("trans") {
                    if self.peek_word_at(1) != Some("siberian") {
                        return false;
                    }
                    k = 2;
                }
                if matches!(self.peek_word_at(k), Some("railroad" | "railway")) {
                    k += 1;
                }
                self.pos += k;
            }
            _ => return false,
        }
        true
    }

    /// The rest of a railway order after its railway word: `- Vla`, `to Vla` or `Vla`.
    fn rail_destination(&mut self, unit: UnitRef) -> Result<OrderKind, ParseError> {
        if self.at(Tok::Dash) || matches!(self.peek_word(), Some("to")) {
            self.pos += 1;
        }
        let to = self.location()?;
        Ok(OrderKind::RailMove {
            unit,
            to: self.variant.map.province_of(to),
        })
    }

    /// A canal permission (`SC F Med - Red`) if the variant has a canal and `SC` comes
    /// next.
    fn canal_permission(&mut self) -> Result<Option<OrderKind>, ParseError> {
        if self.variant.canal().is_none() || self.peek_word() != Some("sc") {
            return Ok(None);
        }
        self.pos += 1;
        let fleet = self.unit_ref()?;
        match self.peek() {
            Some(t) if t.tok == Tok::Dash || self.norm(t) == "to" => self.pos += 1,
            _ => return self.err(ParseErrorKind::ExpectedAction, self.here_span()),
        }
        let to = self.location()?;
        Ok(Some(OrderKind::CanalPermission {
            fleet,
            to: self.variant.map.province_of(to),
        }))
    }

    /// Whether token `at` starts the words [`Self::via_convoy`] reads (`via`, `by convoy`,
    /// ...), not a later word of a name.
    fn convoy_word_at(&self, at: usize) -> bool {
        let word = |i: usize| {
            self.tokens
                .get(i)
                .filter(|t| t.tok == Tok::Word)
                .map(|t| self.norm(t))
        };
        match word(at) {
            Some("via" | "viaconvoy" | "byconvoy") => true,
            Some("by") => matches!(word(at + 1), Some("convoy" | "c")),
            _ => false,
        }
    }

    /// `via convoy`, `by convoy`, `(via convoy)`, `VIA`.
    fn via_convoy(&mut self) -> bool {
        let start = self.pos;
        if self.at(Tok::Open) {
            self.pos += 1;
        }
        let mut found = false;
        if matches!(self.peek_word(), Some("via" | "by")) {
            self.pos += 1;
            found = true;
            if matches!(self.peek_word(), Some("convoy" | "c")) {
                self.pos += 1;
            }
        } else if matches!(self.peek_word(), Some("viaconvoy" | "byconvoy")) {
            self.pos += 1;
            found = true;
        }
        if found {
            if self.at(Tok::Close) {
                self.pos += 1;
            }
        } else {
            self.pos = start;
        }
        found
    }

    /// An optional nationality word before a supported/convoyed unit.
    fn nationality(&mut self) -> Option<PowerId> {
        let w = self.peek_word()?;
        if kind_word(w).is_some() {
            return None;
        }
        let power = self.variant.find_power_normalized(w)?;
        // Not the first word of a space's name (`S Norwegian Sea`).
        if self.full_name_at(self.pos) {
            return None;
        }
        // Only a nationality if a unit follows it.
        let next_is_unit = match self.tokens.get(self.pos + 1) {
            Some(t) if t.tok == Tok::Word => {
                kind_word(self.norm(t)).is_some() || self.location_len(self.pos + 1).is_some()
            }
            _ => false,
        };
        if next_is_unit {
            self.pos += 1;
            Some(power)
        } else {
            None
        }
    }

    /// `[A|F|Army|Fleet] location`.
    fn unit_ref(&mut self) -> Result<UnitRef, ParseError> {
        let mut kind = None;
        if let Some(w) = self.peek_word() {
            if let Some(k) = kind_word(w) {
                // "A" could only be a location if followed by nothing that reads as one.
                if self.peek_word_at(1).is_some() || self.tokens.get(self.pos + 1).is_some() {
                    kind = Some(k);
                    self.pos += 1;
                }
            }
        }
        let location = self.location()?;
        Ok(UnitRef::new(kind, location))
    }

    /// How many tokens from `at` form a known province name, trying the longest first:
    /// a name of several words as the variant spells it ([`Parser::full_name_len`]), or
    /// words joined up to an order word. Dashes join words only when written without
    /// spaces (`Mid-Atlantic`).
    fn location_len(&self, at: usize) -> Option<(usize, ProvinceId)> {
        let first = self.tokens.get(at).filter(|t| t.tok == Tok::Word)?;
        // One lookup tells what the first word names and which longer names it starts.
        let entry = self.variant.map.word_entry(self.norm(first));
        let full = entry.and_then(|e| self.full_name_len(at, &e.multi_word));
        let joined = self.joined_name_len(at, entry.and_then(|e| e.province));
        match (full, joined) {
            (Some(f), Some(j)) if j.0 > f.0 => Some(j),
            (Some(f), _) => Some(f),
            (None, j) => j,
        }
    }

    /// The longest of `names` (names of several words, longest first) written from token
    /// `at` on: each word in turn, with the name's own punctuation between them. Order
    /// words, power names and `/` inside a name are read as part of it.
    fn full_name_len(&self, at: usize, names: &[MultiWordName]) -> Option<(usize, ProvinceId)> {
        'names: for name in names {
            let mut prev = self.tokens.get(at)?;
            let mut i = at;
            for (word, gap) in name.words.iter().skip(1).zip(name.gaps.iter()) {
                let Some(next) = self.tokens.get(i + 1..).and_then(|rest| {
                    rest.iter()
                        .position(|t| t.tok == Tok::Word)
                        .map(|k| (i + 1 + k, &rest[k]))
                }) else {
                    continue 'names;
                };
                let between = self.input.get(prev.span.end..next.1.span.start);
                if self.norm(next.1) != word.as_str()
                    || !between.is_some_and(|g| gap_matches(g, gap))
                {
                    continue 'names;
                }
                (i, prev) = next;
            }
            return Some((i + 1 - at, name.province));
        }
        None
    }

    /// How many tokens from `at` form a known province name when words are joined
    /// (`North Sea` as `northsea`), stopping at an order word; `first` is what the word
    /// at `at` names alone.
    fn joined_name_len(&self, at: usize, first: Option<ProvinceId>) -> Option<(usize, ProvinceId)> {
        // `key` joins the words of a name longer than one word.
        let mut key = String::new();
        let mut best = first.map(|p| (1, p));
        let mut i = at + 1;
        let mut words = 1;
        while let Some(t) = self.tokens.get(i) {
            match t.tok {
                Tok::Word => {
                    // A later word of a name is never an order word ("Mar S ..." is
                    // Marseilles supporting, not "Mars").
                    if action_word(self.norm(t)).is_some() || kind_word(self.norm(t)).is_some() {
                        break;
                    }
                    // Nor `VIA` after a name already read: `A Ham - Lat VIA` on the
                    // modern map moves to Latvia by convoy (`lat` + `via` also spell
                    // Latvia).
                    if best.is_some() && self.convoy_word_at(i) {
                        break;
                    }
                    if key.is_empty() {
                        // The name's first word is at `at`.
                        key.push_str(self.tokens.get(at).map_or("", |w| self.norm(w)));
                    }
                    key.push_str(self.norm(t));
                    words += 1;
                    if let Some(p) = self.variant.map.find_normalized(&key) {
                        best = Some((i + 1 - at, p));
                    }
                }
                Tok::Dash => {
                    let joined = self
                        .tokens
                        .get(i - 1)
                        .is_some_and(|prev| prev.span.end == t.span.start)
                        && self.tokens.get(i + 1).is_some_and(|next| {
                            next.tok == Tok::Word && next.span.start == t.span.end
                        });
                    if !joined {
                        break;
                    }
                }
                _ => break,
            }
            if words >= 5 {
                break;
            }
            i += 1;
        }
        best
    }

    /// Whether a name of several words starts at token `at` (so its first word is no
    /// power's name or order word).
    fn full_name_at(&self, at: usize) -> bool {
        self.tokens
            .get(at)
            .filter(|t| t.tok == Tok::Word)
            .and_then(|t| self.variant.map.word_entry(self.norm(t)))
            .is_some_and(|e| self.full_name_len(at, &e.multi_word).is_some())
    }

    /// A province name with an optional coast.
    fn location(&mut self) -> Result<LocationId, ParseError> {
        let province = match self.location_len(self.pos) {
            Some((len, p)) => {
                self.pos += len;
                p
            }
            None => self.fuzzy_location()?,
        };
        let coast = self.coast()?;
        let map = &self.variant.map;
        let named = match coast {
            None => return Ok(province.location()),
            Some(Coast::Named(c)) => map.coast(province, c),
            Some(Coast::Unknown) => None,
        };
        Ok(match named {
            Some(l) => l,
            // A coast the province does not have: the order keeps it as a stray coast,
            // which the rules ignore or fail the order for (DATC 4.B.6).
            None => {
                self.stray_coast.get_or_insert(StrayCoast::Unknown);
                province.location()
            }
        })
    }

    /// A power's name (after `proxy to`): exact, or the one power close to it.
    fn power_name(&mut self) -> Result<PowerId, ParseError> {
        let Some(t) = self.peek().filter(|t| t.tok == Tok::Word) else {
            return self.err(ParseErrorKind::ExpectedPower, self.here_span());
        };
        if let Some(p) = self.variant.find_power_normalized(self.norm(t)) {
            self.pos += 1;
            return Ok(p);
        }
        let candidates = self.variant.powers.iter().enumerate().flat_map(|(i, p)| {
            [p.name.as_str(), p.adjective.as_str()]
                .into_iter()
                .map(move |n| (crate::map::normalize_name(n), PowerId(i as u8)))
        });
        match fuzzy::closest(self.norm(t), candidates).as_slice() {
            [p] => {
                self.pos += 1;
                Ok(*p)
            }
            _ => self.err(
                ParseErrorKind::UnknownPower(self.input[t.span.clone()].to_string()),
                t.span.clone(),
            ),
        }
    }

    /// A misspelled or shortened name (DATC 4.E.2): the unique space within the edit
    /// tolerance, or the unique space whose name starts with the word. Several
    /// candidates make an [`ParseErrorKind::AmbiguousLocation`] error listing their ids,
    /// which [`parse_order_at`] settles by legality when only one reading is legal.
    fn fuzzy_location(&mut self) -> Result<ProvinceId, ParseError> {
        let Some(first) = self.peek().filter(|t| t.tok == Tok::Word) else {
            return self.err(ParseErrorKind::ExpectedLocation, self.here_span());
        };
        let map = &self.variant.map;
        // Try one to three words joined; the longest unique reading wins.
        let mut best: Option<(usize, ProvinceId)> = None;
        let mut ambiguous: Vec<ProvinceId> = Vec::new();
        let mut key = String::new();
        for n in 0..3 {
            let Some(t) = self.tokens.get(self.pos + n).filter(|t| t.tok == Tok::Word) else {
                break;
            };
            if n > 0 && (kind_word(self.norm(t)).is_some() || action_word(self.norm(t)).is_some()) {
                break;
            }
            if best.is_some() && self.convoy_word_at(self.pos + n) {
                break;
            }
            key.push_str(self.norm(t));
            let mut found = fuzzy::closest(&key, map.names());
            if n == 0 && key.len() >= 2 {
                for (name, p) in map.names() {
                    if name.starts_with(key.as_str()) && !found.contains(&p) {
                        found.push(p);
                    }
                }
            }
            match found.as_slice() {
                [p] => best = Some((n + 1, *p)),
                [] => {}
                many if n == 0 => ambiguous = many.to_vec(),
                _ => {}
            }
        }
        if let Some((n, p)) = best {
            self.pos += n;
            return Ok(p);
        }
        let word = self.input[first.span.clone()].to_string();
        if ambiguous.is_empty() {
            return self.err(ParseErrorKind::UnknownLocation(word), first.span.clone());
        }
        ambiguous.sort();
        let ids = ambiguous
            .iter()
            .map(|p| map.province(*p).id.clone())
            .collect();
        self.err(
            ParseErrorKind::AmbiguousLocation(word, ids),
            first.span.clone(),
        )
    }

    /// `/nc`, `(nc)`, `(north coast)`, `nc`, `north coast`.
    fn coast(&mut self) -> Result<Option<Coast>, ParseError> {
        match self.peek().map(|t| t.tok) {
            Some(Tok::Slash) => {
                self.pos += 1;
                let span = self.here_span();
                let text = self.coast_words();
                match written_coast(&text) {
                    Some(c) => Ok(Some(c)),
                    None => self.err(ParseErrorKind::BadCoast(text), span),
                }
            }
            Some(Tok::Open) => {
                let save = self.pos;
                self.pos += 1;
                let span = self.here_span();
                let text = self.coast_words();
                if !self.at(Tok::Close) {
                    // Not a coast in parentheses (e.g. "(via convoy)"): leave it.
                    self.pos = save;
                    return Ok(None);
                }
                self.pos += 1;
                match written_coast(&text) {
                    Some(c) => Ok(Some(c)),
                    None if text == "via"
                        || text.starts_with("viaconvoy")
                        || text.starts_with("byconvoy") =>
                    {
                        self.pos = save;
                        Ok(None)
                    }
                    None => self.err(ParseErrorKind::BadCoast(text), span),
                }
            }
            Some(Tok::Word) => {
                let w = self.peek_word().unwrap_or("");
                let next = self.peek_word_at(1);
                if matches!(w, "nc" | "sc" | "ec" | "wc") {
                    self.pos += 1;
                    return Ok(coast_word(w).map(Coast::Named));
                }
                if matches!(w, "north" | "south" | "east" | "west") && next == Some("coast") {
                    self.pos += 2;
                    return Ok(coast_word(w).map(Coast::Named));
                }
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    /// Words up to a `)` or the next order word, joined (`north coast` → `northcoast`).
    fn coast_words(&mut self) -> String {
        let mut text = String::new();
        while let Some(t) = self.peek().filter(|t| t.tok == Tok::Word) {
            if !text.is_empty() && self.norm(t) != "coast" {
                break;
            }
            text.push_str(self.norm(t));
            self.pos += 1;
        }
        text
    }
}

fn disband(phase: PhaseKind, unit: UnitRef) -> OrderKind {
    if phase == PhaseKind::Adjustment {
        OrderKind::Remove { unit }
    } else {
        OrderKind::Disband { unit }
    }
}
