//! The level-0 message syntax (and press's SND/FRM envelope) as typed values:
//! [`Message::parse`] reads a diplomacy message's tokens, [`Message::to_tokens`] writes
//! them. Both directions share one enum: the server reads client messages and writes
//! server messages, the client the other way round. A syntax error names the index of
//! the first offending token, where HUH puts its ERR.

use crate::order::{
    read_loc, read_order, read_order_items, read_power, read_province, read_turn, read_unit_items,
    write_loc, write_order, write_turn, write_unit_items, Loc, Order, Turn, Unit, UnitType,
};
use crate::token::{names, Token};
use crate::tree::{tree, BracketError, Node, Writer};

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MessageError {
    /// Unbalanced brackets (answered with PRN).
    #[error("brackets: {0}")]
    Brackets(#[from] BracketError),
    /// Balanced, but not the syntax (answered with HUH, ERR before token `at`).
    #[error(transparent)]
    Syntax(#[from] ParseError),
}

/// A syntax error at a token.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected {expected} at token {at}")]
pub struct ParseError {
    /// Index of the offending token (the message's length: it ended too soon).
    pub at: usize,
    /// What the syntax wanted there.
    pub expected: &'static str,
}

impl ParseError {
    /// An error at `at`.
    pub fn at(at: usize, expected: &'static str) -> ParseError {
        ParseError { at, expected }
    }
}

/// Reads a list of nodes from left to right.
pub struct Reader<'a> {
    items: &'a [Node],
    next: usize,
    /// Index where this list ends (its `)` or the message's end).
    end: usize,
    /// End index of the group read last.
    last_end: usize,
}

impl<'a> Reader<'a> {
    /// A reader over `items` ending at token index `end`.
    pub fn new(items: &'a [Node], end: usize) -> Reader<'a> {
        Reader {
            items,
            next: 0,
            end,
            last_end: end,
        }
    }

    /// Token index of the next node (or the end).
    pub fn position(&self) -> usize {
        self.items.get(self.next).map_or(self.end, Node::at)
    }

    /// The closing index of the group read last.
    pub fn end_of_last(&self) -> usize {
        self.last_end
    }

    /// Whether every node has been read.
    pub fn is_done(&self) -> bool {
        self.next >= self.items.len()
    }

    /// Whether the next node is a group.
    pub fn peek_is_group(&self) -> bool {
        matches!(self.items.get(self.next), Some(Node::Group { .. }))
    }

    /// The next token (not a group).
    pub fn token(&mut self) -> Result<Token, ParseError> {
        match self.items.get(self.next) {
            Some(Node::Leaf { token, .. }) => {
                self.next += 1;
                Ok(*token)
            }
            _ => Err(ParseError::at(self.position(), "a token")),
        }
    }

    /// The next token, which must be `t`.
    pub fn expect(&mut self, t: Token) -> Result<(), ParseError> {
        let at = self.position();
        match self.token() {
            Ok(got) if got == t => Ok(()),
            _ => Err(ParseError::at(at, t.name().unwrap_or("a keyword"))),
        }
    }

    /// The next group's items.
    pub fn group(&mut self) -> Result<&'a [Node], ParseError> {
        match self.items.get(self.next) {
            Some(Node::Group { items, end, .. }) => {
                self.next += 1;
                self.last_end = *end;
                Ok(items)
            }
            _ => Err(ParseError::at(self.position(), "(")),
        }
    }

    /// An integer.
    pub fn int(&mut self) -> Result<i32, ParseError> {
        let at = self.position();
        let t = self.token()?;
        t.integer()
            .map(i32::from)
            .ok_or(ParseError::at(at, "a number"))
    }

    /// Nothing more may follow.
    pub fn done(&self) -> Result<(), ParseError> {
        if self.is_done() {
            Ok(())
        } else {
            Err(ParseError::at(self.position(), "the end"))
        }
    }

    /// Every remaining node's tokens, flat (for echoes and press).
    fn rest_tokens(&mut self) -> Vec<Token> {
        let mut out = Vec::new();
        for n in &self.items[self.next..] {
            flatten(n, &mut out);
        }
        self.next = self.items.len();
        out
    }
}

fn flatten(n: &Node, out: &mut Vec<Token>) {
    match n {
        Node::Leaf { token, .. } => out.push(*token),
        Node::Group { items, .. } => {
            out.push(names::BRA);
            for i in items {
                flatten(i, out);
            }
            out.push(names::KET);
        }
    }
}

/// A group's text: `('abc')`.
fn read_text(r: &mut Reader<'_>) -> Result<String, ParseError> {
    let items = r.group()?;
    let mut bytes = Vec::with_capacity(items.len());
    for n in items {
        match n {
            Node::Leaf { token, .. } if token.is_text() => bytes.push(token.number()),
            other => return Err(ParseError::at(other.at(), "text")),
        }
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A group of powers: `(AUS ENG)`.
fn read_powers(r: &mut Reader<'_>) -> Result<Vec<Token>, ParseError> {
    let items = r.group()?;
    let mut inner = Reader::new(items, r.end_of_last());
    let mut out = Vec::new();
    while !inner.is_done() {
        out.push(read_power(&mut inner)?);
    }
    Ok(out)
}

/// `power` or UNO.
fn read_power_or_uno(r: &mut Reader<'_>) -> Result<Token, ParseError> {
    let at = r.position();
    let t = r.token()?;
    if t.is_power() || t == names::UNO {
        Ok(t)
    } else {
        Err(ParseError::at(at, "a power or UNO"))
    }
}

/// One HLO variant option: `(LVL 10)`, `(MTL 1200)`, `(AOA)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantOption {
    /// The parameter token.
    pub parameter: Token,
    /// Its number, if it takes one.
    pub value: Option<i32>,
}

/// HLO's content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    /// The power played (UNO for an observer).
    pub power: Token,
    /// The passcode for IAM.
    pub passcode: i32,
    /// The game's options.
    pub options: Vec<VariantOption>,
}

impl Hello {
    /// The press level (LVL), 0 if absent.
    pub fn level(&self) -> i32 {
        self.options
            .iter()
            .find(|o| o.parameter == names::LVL)
            .and_then(|o| o.value)
            .unwrap_or(0)
    }
}

/// A unit in NOW or MIS, with its retreat options before a retreat turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitState {
    /// The unit.
    pub unit: Unit,
    /// `MRT (...)`: where it may retreat (`Some(empty)`: it must disband).
    pub retreats: Option<Vec<Loc>>,
}

/// What MIS says is missing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Missing {
    /// Units without orders (movement or retreat phase).
    Units(Vec<UnitState>),
    /// Builds to order (negative) or removals (positive).
    Adjustments(i32),
}

/// One line of SMR.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SummaryLine {
    /// The power.
    pub power: Token,
    /// The player's name.
    pub name: String,
    /// The player's version.
    pub version: String,
    /// Centres at the end.
    pub centres: i32,
    /// Year of elimination, if eliminated.
    pub eliminated: Option<i32>,
}

/// Moves from one coast (or the whole province) of a province, in MDF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoastAdjacency {
    /// The unit type.
    pub kind: UnitType,
    /// The coast, for a fleet in a multi-coastal province.
    pub coast: Option<Token>,
    /// Where it can move.
    pub to: Vec<Loc>,
}

/// MDF's content: the map.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MapDefinition {
    /// The powers.
    pub powers: Vec<Token>,
    /// Supply centres by home power(s) (`[UNO]` for neutral ones).
    pub centres: Vec<(Vec<Token>, Vec<Token>)>,
    /// Provinces that are not supply centres.
    pub non_centres: Vec<Token>,
    /// Adjacencies per province.
    pub adjacencies: Vec<(Token, Vec<CoastAdjacency>)>,
}

/// A message of the level-0 syntax (and press's envelope).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Message {
    /// `NME ('name') ('version')`.
    Nme {
        /// Client name.
        name: String,
        /// Client version.
        version: String,
    },
    /// `OBS [('name') ('version')]`.
    Obs(Option<(String, String)>),
    /// `IAM (power) (passcode)`.
    Iam {
        /// The power to take back.
        power: Token,
        /// Its passcode.
        passcode: i32,
    },
    /// `MAP` (request) or `MAP ('name')`.
    Map(Option<String>),
    /// `MDF` (request) or the map definition.
    Mdf(Option<Box<MapDefinition>>),
    /// `HLO` (request) or `HLO (power) (passcode) (options)`.
    Hlo(Option<Hello>),
    /// `SCO` (request) or centre ownership by power (UNO: neutral).
    Sco(Option<Vec<(Token, Vec<Token>)>>),
    /// `NOW` (request) or turn and units.
    Now(Option<(Turn, Vec<UnitState>)>),
    /// `HST` or `HST (turn)`.
    Hst(Option<Turn>),
    /// `SUB [(turn)] (order) ...`.
    Sub {
        /// The turn the orders are for, if given.
        turn: Option<Turn>,
        /// The orders.
        orders: Vec<Order>,
    },
    /// `NOT (SUB)` or `NOT (SUB (order))`.
    NotSub(Option<Order>),
    /// `THX (order) (note)`.
    Thx {
        /// The order as submitted.
        order: Order,
        /// MBV or why not.
        note: Token,
    },
    /// `MIS` (request, or nothing missing) or what is missing.
    Mis(Option<Missing>),
    /// `GOF`.
    Gof,
    /// `NOT (GOF)`.
    NotGof,
    /// `ORD` (request) or `ORD (turn) (order) (result)`.
    Ord(Option<(Turn, Order, Vec<Token>)>),
    /// `TME` or `TME (seconds)`.
    Tme(Option<i32>),
    /// `NOT (TME)` or `NOT (TME (seconds))`.
    NotTme(Option<i32>),
    /// `DRW` or `DRW (powers)`.
    Drw(Option<Vec<Token>>),
    /// `NOT (DRW)` or `NOT (DRW (powers))`.
    NotDrw(Option<Vec<Token>>),
    /// `SLO (power)`.
    Slo(Token),
    /// `SMR` (request) or the summary.
    Smr(Option<(Turn, Vec<SummaryLine>)>),
    /// `CCD (power)`.
    Ccd(Token),
    /// `NOT (CCD (power))`.
    NotCcd(Token),
    /// `OFF`.
    Off,
    /// `ADM ('name') ('message')`.
    Adm {
        /// Who.
        name: String,
        /// What.
        text: String,
    },
    /// `SND [(turn)] (powers) (press)`.
    Snd {
        /// The turn, if given.
        turn: Option<Turn>,
        /// Recipients.
        to: Vec<Token>,
        /// The press message's tokens (inside its brackets).
        press: Vec<Token>,
    },
    /// `FRM (power) (powers) (press)`.
    Frm {
        /// Sender.
        from: Token,
        /// Recipients.
        to: Vec<Token>,
        /// The press message's tokens.
        press: Vec<Token>,
    },
    /// `OUT (power) (message)`: a press recipient has been eliminated.
    Out(Token, Vec<Token>),
    /// `YES (message)`.
    Yes(Vec<Token>),
    /// `REJ (message)`.
    Rej(Vec<Token>),
    /// `HUH (message with ERR)`.
    Huh(Vec<Token>),
    /// `PRN (message)`.
    Prn(Vec<Token>),
}

impl Message {
    /// Reads a diplomacy message.
    pub fn parse(tokens: &[Token]) -> Result<Message, MessageError> {
        let nodes = tree(tokens)?;
        let mut r = Reader::new(&nodes, tokens.len());
        let at = r.position();
        let head = r.token()?;
        let m = parse_body(head, at, &mut r)?;
        r.done()?;
        Ok(m)
    }

    /// The message's tokens.
    pub fn to_tokens(&self) -> Vec<Token> {
        let mut w = Writer::new();
        write_message(&mut w, self);
        w.finish()
    }
}

fn optional_group<T>(
    r: &mut Reader<'_>,
    read: impl FnOnce(&mut Reader<'_>) -> Result<T, ParseError>,
) -> Result<Option<T>, ParseError> {
    if r.is_done() {
        Ok(None)
    } else {
        read(r).map(Some)
    }
}

fn echo(r: &mut Reader<'_>) -> Result<Vec<Token>, ParseError> {
    let items = r.group()?;
    let mut inner = Reader::new(items, r.end_of_last());
    Ok(inner.rest_tokens())
}

fn read_unit_state(items: &[Node], end: usize) -> Result<UnitState, ParseError> {
    // `power type loc [MRT (locs)]`
    let mrt = items
        .iter()
        .position(|n| n.token() == Some(names::MRT))
        .unwrap_or(items.len());
    let unit = read_unit_items(&items[..mrt], items.get(mrt).map_or(end, Node::at))?;
    let retreats = if mrt < items.len() {
        let mut r = Reader::new(&items[mrt + 1..], end);
        let list = r.group()?;
        let mut inner = Reader::new(list, r.end_of_last());
        let mut locs = Vec::new();
        while !inner.is_done() {
            locs.push(read_loc(&mut inner)?);
        }
        r.done()?;
        Some(locs)
    } else {
        None
    };
    Ok(UnitState { unit, retreats })
}

fn read_unit_states(r: &mut Reader<'_>) -> Result<Vec<UnitState>, ParseError> {
    let mut units = Vec::new();
    while !r.is_done() {
        let items = r.group()?;
        units.push(read_unit_state(items, r.end_of_last())?);
    }
    Ok(units)
}

fn read_hello(r: &mut Reader<'_>) -> Result<Hello, ParseError> {
    let items = r.group()?;
    let mut p = Reader::new(items, r.end_of_last());
    let power = read_power_or_uno(&mut p)?;
    p.done()?;
    let items = r.group()?;
    let mut c = Reader::new(items, r.end_of_last());
    let passcode = c.int()?;
    c.done()?;
    let items = r.group()?;
    let mut o = Reader::new(items, r.end_of_last());
    let mut options = Vec::new();
    while !o.is_done() {
        let items = o.group()?;
        let mut one = Reader::new(items, o.end_of_last());
        let parameter = one.token()?;
        let value = optional_group(&mut one, |r| r.int())?;
        one.done()?;
        options.push(VariantOption { parameter, value });
    }
    Ok(Hello {
        power,
        passcode,
        options,
    })
}

fn read_mdf(r: &mut Reader<'_>) -> Result<MapDefinition, ParseError> {
    let powers = read_powers(r)?;
    // ((supply_centres) (non_supply_centres))
    let items = r.group()?;
    let mut provs = Reader::new(items, r.end_of_last());
    let items = provs.group()?;
    let mut sc = Reader::new(items, provs.end_of_last());
    let mut centres = Vec::new();
    while !sc.is_done() {
        let items = sc.group()?;
        let mut one = Reader::new(items, sc.end_of_last());
        let owners = if one.peek_is_group() {
            read_powers(&mut one)?
        } else {
            vec![read_power_or_uno(&mut one)?]
        };
        let mut list = Vec::new();
        while !one.is_done() {
            list.push(read_province(&mut one)?);
        }
        centres.push((owners, list));
    }
    let items = provs.group()?;
    let mut nsc = Reader::new(items, provs.end_of_last());
    let mut non_centres = Vec::new();
    while !nsc.is_done() {
        non_centres.push(read_province(&mut nsc)?);
    }
    provs.done()?;
    let items = r.group()?;
    let mut adj = Reader::new(items, r.end_of_last());
    let mut adjacencies = Vec::new();
    while !adj.is_done() {
        let items = adj.group()?;
        let mut one = Reader::new(items, adj.end_of_last());
        let province = read_province(&mut one)?;
        let mut lists = Vec::new();
        while !one.is_done() {
            let items = one.group()?;
            let mut list = Reader::new(items, one.end_of_last());
            let (kind, coast) = if list.peek_is_group() {
                let items = list.group()?;
                let mut fc = Reader::new(items, list.end_of_last());
                fc.expect(names::FLT)?;
                let at = fc.position();
                let coast = fc.token()?;
                if !coast.is_coast() {
                    return Err(ParseError::at(at, "a coast"));
                }
                fc.done()?;
                (UnitType::Fleet, Some(coast))
            } else {
                let at = list.position();
                match list.token()? {
                    t if t == names::AMY => (UnitType::Army, None),
                    t if t == names::FLT => (UnitType::Fleet, None),
                    _ => return Err(ParseError::at(at, "AMY or FLT")),
                }
            };
            let mut to = Vec::new();
            while !list.is_done() {
                to.push(read_loc(&mut list)?);
            }
            lists.push(CoastAdjacency { kind, coast, to });
        }
        adjacencies.push((province, lists));
    }
    Ok(MapDefinition {
        powers,
        centres,
        non_centres,
        adjacencies,
    })
}

fn read_smr(r: &mut Reader<'_>) -> Result<(Turn, Vec<SummaryLine>), ParseError> {
    let turn = read_turn(r)?;
    let mut lines = Vec::new();
    while !r.is_done() {
        let items = r.group()?;
        let mut one = Reader::new(items, r.end_of_last());
        let power = read_power(&mut one)?;
        let name = read_text(&mut one)?;
        let version = read_text(&mut one)?;
        let centres = one.int()?;
        let eliminated = optional_group(&mut one, |r| r.int())?;
        one.done()?;
        lines.push(SummaryLine {
            power,
            name,
            version,
            centres,
            eliminated,
        });
    }
    Ok((turn, lines))
}

fn parse_body(head: Token, at: usize, r: &mut Reader<'_>) -> Result<Message, ParseError> {
    use names::*;
    let m = match head {
        t if t == NME => Message::Nme {
            name: read_text(r)?,
            version: read_text(r)?,
        },
        t if t == OBS => Message::Obs(optional_group(r, |r| Ok((read_text(r)?, read_text(r)?)))?),
        t if t == IAM => {
            let items = r.group()?;
            let mut p = Reader::new(items, r.end_of_last());
            let power = read_power(&mut p)?;
            p.done()?;
            let items = r.group()?;
            let mut c = Reader::new(items, r.end_of_last());
            let passcode = c.int()?;
            c.done()?;
            Message::Iam { power, passcode }
        }
        t if t == MAP => Message::Map(optional_group(r, read_text)?),
        t if t == MDF => Message::Mdf(optional_group(r, |r| read_mdf(r).map(Box::new))?),
        t if t == HLO => Message::Hlo(optional_group(r, read_hello)?),
        t if t == SCO => Message::Sco(optional_group(r, |r| {
            let mut out = Vec::new();
            while !r.is_done() {
                let items = r.group()?;
                let mut one = Reader::new(items, r.end_of_last());
                let power = read_power_or_uno(&mut one)?;
                let mut list = Vec::new();
                while !one.is_done() {
                    list.push(read_province(&mut one)?);
                }
                out.push((power, list));
            }
            Ok(out)
        })?),
        t if t == NOW => Message::Now(optional_group(r, |r| {
            let turn = read_turn(r)?;
            Ok((turn, read_unit_states(r)?))
        })?),
        t if t == HST => Message::Hst(optional_group(r, read_turn)?),
        t if t == SUB => {
            // The first group is a turn when it starts with a season.
            let turn = match r.items.get(r.next) {
                Some(Node::Group { items, .. })
                    if items
                        .first()
                        .and_then(Node::token)
                        .is_some_and(|t| crate::order::Season::from_token(t).is_some()) =>
                {
                    Some(read_turn(r)?)
                }
                _ => None,
            };
            let mut orders = Vec::new();
            while !r.is_done() {
                orders.push(read_order(r)?);
            }
            if orders.is_empty() {
                return Err(ParseError::at(r.position(), "an order"));
            }
            Message::Sub { turn, orders }
        }
        t if t == THX => {
            let order = read_order(r)?;
            let items = r.group()?;
            let mut n = Reader::new(items, r.end_of_last());
            let note = n.token()?;
            n.done()?;
            Message::Thx { order, note }
        }
        t if t == MIS => Message::Mis(optional_group(r, |r| {
            // `MIS (number)` or units.
            if let Some(Node::Group { items, .. }) = r.items.get(r.next) {
                if items.len() == 1 && items[0].token().is_some_and(Token::is_integer) {
                    let items = r.group()?;
                    let mut n = Reader::new(items, r.end_of_last());
                    return Ok(Missing::Adjustments(n.int()?));
                }
            }
            Ok(Missing::Units(read_unit_states(r)?))
        })?),
        t if t == GOF => Message::Gof,
        t if t == ORD => Message::Ord(optional_group(r, |r| {
            let turn = read_turn(r)?;
            let order = read_order(r)?;
            let result = echo(r)?;
            Ok((turn, order, result))
        })?),
        t if t == TME => Message::Tme(optional_group(r, |r| {
            let items = r.group()?;
            let mut n = Reader::new(items, r.end_of_last());
            let v = n.int()?;
            n.done()?;
            Ok(v)
        })?),
        t if t == DRW => Message::Drw(optional_group(r, read_powers)?),
        t if t == SLO => {
            let items = r.group()?;
            let mut p = Reader::new(items, r.end_of_last());
            let power = read_power(&mut p)?;
            p.done()?;
            Message::Slo(power)
        }
        t if t == SMR => Message::Smr(optional_group(r, read_smr)?),
        t if t == CCD => {
            let items = r.group()?;
            let mut p = Reader::new(items, r.end_of_last());
            let power = read_power(&mut p)?;
            p.done()?;
            // `CCD (power) (turn)` (missed a deadline) is read as the plain form.
            if !r.is_done() {
                read_turn(r)?;
            }
            Message::Ccd(power)
        }
        t if t == OFF => Message::Off,
        t if t == ADM => Message::Adm {
            name: read_text(r)?,
            text: read_text(r)?,
        },
        t if t == SND => {
            let turn = if r.items.get(r.next).and_then(Node::items).is_some_and(|i| {
                i.first()
                    .and_then(Node::token)
                    .is_some_and(|t| crate::order::Season::from_token(t).is_some())
            }) {
                Some(read_turn(r)?)
            } else {
                None
            };
            let to = read_powers(r)?;
            if to.is_empty() {
                return Err(ParseError::at(r.position(), "a power"));
            }
            let press = echo(r)?;
            Message::Snd { turn, to, press }
        }
        t if t == FRM => {
            let items = r.group()?;
            let mut p = Reader::new(items, r.end_of_last());
            let from = read_power(&mut p)?;
            p.done()?;
            let to = read_powers(r)?;
            let press = echo(r)?;
            Message::Frm { from, to, press }
        }
        t if t == OUT => {
            let items = r.group()?;
            let mut p = Reader::new(items, r.end_of_last());
            let power = read_power(&mut p)?;
            p.done()?;
            Message::Out(power, echo(r)?)
        }
        t if t == NOT => {
            let items = r.group()?;
            let end = r.end_of_last();
            let mut inner = Reader::new(items, end);
            let at = inner.position();
            let what = inner.token()?;
            let m = match what {
                t if t == SUB => {
                    let order = if inner.is_done() {
                        None
                    } else {
                        let items = inner.group()?;
                        Some(read_order_items(items, inner.end_of_last())?)
                    };
                    Message::NotSub(order)
                }
                t if t == GOF => Message::NotGof,
                t if t == TME => Message::NotTme(optional_group(&mut inner, |r| {
                    let items = r.group()?;
                    let mut n = Reader::new(items, r.end_of_last());
                    n.int()
                })?),
                t if t == DRW => Message::NotDrw(optional_group(&mut inner, read_powers)?),
                t if t == CCD => {
                    let items = inner.group()?;
                    let mut p = Reader::new(items, inner.end_of_last());
                    let power = read_power(&mut p)?;
                    p.done()?;
                    Message::NotCcd(power)
                }
                _ => return Err(ParseError::at(at, "SUB, GOF, TME, DRW or CCD")),
            };
            inner.done()?;
            m
        }
        t if t == YES => Message::Yes(echo(r)?),
        t if t == REJ => Message::Rej(echo(r)?),
        t if t == HUH => Message::Huh(echo(r)?),
        t if t == PRN => Message::Prn(echo(r)?),
        _ => return Err(ParseError::at(at, "a command")),
    };
    Ok(m)
}

fn write_unit_state(w: &mut Writer, u: &UnitState) {
    w.group(|w| {
        write_unit_items(w, &u.unit);
        if let Some(locs) = &u.retreats {
            w.token(names::MRT).group(|w| {
                for l in locs {
                    write_loc(w, *l);
                }
            });
        }
    });
}

fn write_mdf(w: &mut Writer, m: &MapDefinition) {
    w.group(|w| {
        w.tokens(&m.powers);
    });
    w.group(|w| {
        w.group(|w| {
            for (owners, list) in &m.centres {
                w.group(|w| {
                    if owners.len() == 1 {
                        w.token(owners[0]);
                    } else {
                        w.group(|w| {
                            w.tokens(owners);
                        });
                    }
                    w.tokens(list);
                });
            }
        });
        w.group(|w| {
            w.tokens(&m.non_centres);
        });
    });
    w.group(|w| {
        for (province, lists) in &m.adjacencies {
            w.group(|w| {
                w.token(*province);
                for l in lists {
                    w.group(|w| {
                        match l.coast {
                            Some(c) => {
                                w.group(|w| {
                                    w.token(names::FLT).token(c);
                                });
                            }
                            None => {
                                w.token(l.kind.token());
                            }
                        }
                        for to in &l.to {
                            write_loc(w, *to);
                        }
                    });
                }
            });
        }
    });
}

fn write_message(w: &mut Writer, m: &Message) {
    use names::*;
    match m {
        Message::Nme { name, version } => {
            w.token(NME).text(name).text(version);
        }
        Message::Obs(who) => {
            w.token(OBS);
            if let Some((n, v)) = who {
                w.text(n).text(v);
            }
        }
        Message::Iam { power, passcode } => {
            w.token(IAM)
                .group(|w| {
                    w.token(*power);
                })
                .group(|w| {
                    w.int(*passcode);
                });
        }
        Message::Map(name) => {
            w.token(MAP);
            if let Some(n) = name {
                w.text(n);
            }
        }
        Message::Mdf(map) => {
            w.token(MDF);
            if let Some(m) = map {
                write_mdf(w, m);
            }
        }
        Message::Hlo(hello) => {
            w.token(HLO);
            if let Some(h) = hello {
                w.group(|w| {
                    w.token(h.power);
                })
                .group(|w| {
                    w.int(h.passcode);
                })
                .group(|w| {
                    for o in &h.options {
                        w.group(|w| {
                            w.token(o.parameter);
                            if let Some(v) = o.value {
                                w.int(v);
                            }
                        });
                    }
                });
            }
        }
        Message::Sco(owners) => {
            w.token(SCO);
            for (p, list) in owners.iter().flatten() {
                w.group(|w| {
                    w.token(*p).tokens(list);
                });
            }
        }
        Message::Now(now) => {
            w.token(NOW);
            if let Some((turn, units)) = now {
                write_turn(w, *turn);
                for u in units {
                    write_unit_state(w, u);
                }
            }
        }
        Message::Hst(turn) => {
            w.token(HST);
            if let Some(t) = turn {
                write_turn(w, *t);
            }
        }
        Message::Sub { turn, orders } => {
            w.token(SUB);
            if let Some(t) = turn {
                write_turn(w, *t);
            }
            for o in orders {
                write_order(w, o);
            }
        }
        Message::NotSub(order) => {
            w.token(NOT).group(|w| {
                w.token(SUB);
                if let Some(o) = order {
                    write_order(w, o);
                }
            });
        }
        Message::Thx { order, note } => {
            w.token(THX);
            write_order(w, order);
            w.group(|w| {
                w.token(*note);
            });
        }
        Message::Mis(missing) => {
            w.token(MIS);
            match missing {
                None => {}
                Some(Missing::Adjustments(n)) => {
                    w.group(|w| {
                        w.int(*n);
                    });
                }
                Some(Missing::Units(units)) => {
                    for u in units {
                        write_unit_state(w, u);
                    }
                }
            }
        }
        Message::Gof => {
            w.token(GOF);
        }
        Message::NotGof => {
            w.token(NOT).group(|w| {
                w.token(GOF);
            });
        }
        Message::Ord(ord) => {
            w.token(ORD);
            if let Some((turn, order, result)) = ord {
                write_turn(w, *turn);
                write_order(w, order);
                w.group(|w| {
                    w.tokens(result);
                });
            }
        }
        Message::Tme(secs) => {
            w.token(TME);
            if let Some(s) = secs {
                w.group(|w| {
                    w.int(*s);
                });
            }
        }
        Message::NotTme(secs) => {
            w.token(NOT).group(|w| {
                w.token(TME);
                if let Some(s) = secs {
                    w.group(|w| {
                        w.int(*s);
                    });
                }
            });
        }
        Message::Drw(powers) => {
            w.token(DRW);
            if let Some(p) = powers {
                w.group(|w| {
                    w.tokens(p);
                });
            }
        }
        Message::NotDrw(powers) => {
            w.token(NOT).group(|w| {
                w.token(DRW);
                if let Some(p) = powers {
                    w.group(|w| {
                        w.tokens(p);
                    });
                }
            });
        }
        Message::Slo(p) => {
            w.token(SLO).group(|w| {
                w.token(*p);
            });
        }
        Message::Smr(smr) => {
            w.token(SMR);
            if let Some((turn, lines)) = smr {
                write_turn(w, *turn);
                for l in lines {
                    w.group(|w| {
                        w.token(l.power)
                            .text(&l.name)
                            .text(&l.version)
                            .int(l.centres);
                        if let Some(y) = l.eliminated {
                            w.int(y);
                        }
                    });
                }
            }
        }
        Message::Ccd(p) => {
            w.token(CCD).group(|w| {
                w.token(*p);
            });
        }
        Message::NotCcd(p) => {
            w.token(NOT).group(|w| {
                w.token(CCD).group(|w| {
                    w.token(*p);
                });
            });
        }
        Message::Off => {
            w.token(OFF);
        }
        Message::Adm { name, text } => {
            w.token(ADM).text(name).text(text);
        }
        Message::Snd { turn, to, press } => {
            w.token(SND);
            if let Some(t) = turn {
                write_turn(w, *t);
            }
            w.group(|w| {
                w.tokens(to);
            })
            .group(|w| {
                w.tokens(press);
            });
        }
        Message::Frm { from, to, press } => {
            w.token(FRM)
                .group(|w| {
                    w.token(*from);
                })
                .group(|w| {
                    w.tokens(to);
                })
                .group(|w| {
                    w.tokens(press);
                });
        }
        Message::Out(p, inner) => {
            w.token(OUT)
                .group(|w| {
                    w.token(*p);
                })
                .group(|w| {
                    w.tokens(inner);
                });
        }
        Message::Yes(inner) | Message::Rej(inner) | Message::Huh(inner) | Message::Prn(inner) => {
            let head = match m {
                Message::Yes(_) => YES,
                Message::Rej(_) => REJ,
                Message::Huh(_) => HUH,
                _ => PRN,
            };
            w.token(head).group(|w| {
                w.tokens(inner);
            });
        }
    }
}
