//! The game terms of the message syntax as typed values: turns, units, locations and
//! orders (`(ENG FLT LON) MTO NTH`), each read from a bracket tree and written back
//! as tokens. Powers and provinces stay tokens here; `mapping` turns them into ids.

use crate::message::{ParseError, Reader};
use crate::token::{names, Token};
use crate::tree::{Node, Writer};

/// A season token (SPR, SUM, FAL, AUT, WIN).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Season {
    /// Spring movement.
    Spr,
    /// Spring retreats.
    Sum,
    /// Fall movement.
    Fal,
    /// Fall retreats.
    Aut,
    /// Adjustments.
    Win,
}

impl Season {
    /// Its token.
    pub fn token(self) -> Token {
        match self {
            Season::Spr => names::SPR,
            Season::Sum => names::SUM,
            Season::Fal => names::FAL,
            Season::Aut => names::AUT,
            Season::Win => names::WIN,
        }
    }

    /// The season of a token.
    pub fn from_token(t: Token) -> Option<Season> {
        [
            Season::Spr,
            Season::Sum,
            Season::Fal,
            Season::Aut,
            Season::Win,
        ]
        .into_iter()
        .find(|s| s.token() == t)
    }
}

/// A turn: `(SPR 1901)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// Season and phase.
    pub season: Season,
    /// Year.
    pub year: i32,
}

/// Army or fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitType {
    /// AMY.
    Army,
    /// FLT.
    Fleet,
}

impl UnitType {
    /// Its token.
    pub fn token(self) -> Token {
        match self {
            UnitType::Army => names::AMY,
            UnitType::Fleet => names::FLT,
        }
    }
}

/// A province, with a coast for a fleet in (or going to) a multi-coastal province.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Loc {
    /// Province token.
    pub province: Token,
    /// Coast token.
    pub coast: Option<Token>,
}

/// A unit: `(ENG FLT (STP SCS))`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// Owner.
    pub power: Token,
    /// Type.
    pub kind: UnitType,
    /// Where it stands.
    pub loc: Loc,
}

/// An order (level 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// `(unit) HLD`.
    Hold(Unit),
    /// `(unit) MTO province`.
    Move(Unit, Loc),
    /// `(unit) SUP (unit)`.
    SupportHold(Unit, Unit),
    /// `(unit) SUP (unit) MTO province`.
    SupportMove(Unit, Unit, Token),
    /// `(unit) CVY (unit) CTO province`.
    Convoy(Unit, Unit, Token),
    /// `(unit) CTO province VIA (sea sea ...)`.
    ConvoyMove(Unit, Token, Vec<Token>),
    /// `(unit) RTO province`.
    Retreat(Unit, Loc),
    /// `(unit) DSB`.
    Disband(Unit),
    /// `(unit) BLD`.
    Build(Unit),
    /// `(unit) REM`.
    Remove(Unit),
    /// `power WVE`.
    Waive(Token),
}

impl Order {
    /// The ordered unit (none for a waive).
    pub fn unit(&self) -> Option<&Unit> {
        match self {
            Order::Hold(u)
            | Order::Move(u, _)
            | Order::SupportHold(u, _)
            | Order::SupportMove(u, _, _)
            | Order::Convoy(u, _, _)
            | Order::ConvoyMove(u, _, _)
            | Order::Retreat(u, _)
            | Order::Disband(u)
            | Order::Build(u)
            | Order::Remove(u) => Some(u),
            Order::Waive(_) => None,
        }
    }

    /// The power giving the order (the unit's owner, or the waiving power).
    pub fn power(&self) -> Token {
        match self {
            Order::Waive(p) => *p,
            other => other.unit().map(|u| u.power).unwrap_or(names::UNO),
        }
    }
}

// ---- reading ----

pub(crate) fn read_turn(r: &mut Reader<'_>) -> Result<Turn, ParseError> {
    let items = r.group()?;
    let mut inner = Reader::new(items, r.end_of_last());
    let season_at = inner.position();
    let season = Season::from_token(inner.token()?).ok_or(ParseError::at(season_at, "a season"))?;
    let year = inner.int()?;
    inner.done()?;
    Ok(Turn { season, year })
}

pub(crate) fn read_power(r: &mut Reader<'_>) -> Result<Token, ParseError> {
    let at = r.position();
    let t = r.token()?;
    if t.is_power() {
        Ok(t)
    } else {
        Err(ParseError::at(at, "a power"))
    }
}

pub(crate) fn read_province(r: &mut Reader<'_>) -> Result<Token, ParseError> {
    let at = r.position();
    let t = r.token()?;
    if t.is_province() {
        Ok(t)
    } else {
        Err(ParseError::at(at, "a province"))
    }
}

/// `province` or `(province coast)`.
pub(crate) fn read_loc(r: &mut Reader<'_>) -> Result<Loc, ParseError> {
    if r.peek_is_group() {
        let items = r.group()?;
        let mut inner = Reader::new(items, r.end_of_last());
        let province = read_province(&mut inner)?;
        let at = inner.position();
        let coast = inner.token()?;
        if !coast.is_coast() {
            return Err(ParseError::at(at, "a coast"));
        }
        inner.done()?;
        Ok(Loc {
            province,
            coast: Some(coast),
        })
    } else {
        Ok(Loc {
            province: read_province(r)?,
            coast: None,
        })
    }
}

/// The inside of a unit group: `power type location`.
pub(crate) fn read_unit_items(items: &[Node], end: usize) -> Result<Unit, ParseError> {
    let mut r = Reader::new(items, end);
    let power = read_power(&mut r)?;
    let at = r.position();
    let kind = match r.token()? {
        t if t == names::AMY => UnitType::Army,
        t if t == names::FLT => UnitType::Fleet,
        _ => return Err(ParseError::at(at, "AMY or FLT")),
    };
    let loc = read_loc(&mut r)?;
    r.done()?;
    Ok(Unit { power, kind, loc })
}

/// `(unit)`.
pub(crate) fn read_unit(r: &mut Reader<'_>) -> Result<Unit, ParseError> {
    let items = r.group()?;
    read_unit_items(items, r.end_of_last())
}

/// The inside of an order group.
pub(crate) fn read_order_items(items: &[Node], end: usize) -> Result<Order, ParseError> {
    let mut r = Reader::new(items, end);
    if !r.peek_is_group() {
        let power = read_power(&mut r)?;
        r.expect(names::WVE)?;
        r.done()?;
        return Ok(Order::Waive(power));
    }
    let unit = read_unit(&mut r)?;
    let at = r.position();
    let verb = r.token()?;
    let order = match verb {
        t if t == names::HLD => Order::Hold(unit),
        t if t == names::MTO => Order::Move(unit, read_loc(&mut r)?),
        t if t == names::SUP => {
            let target = read_unit(&mut r)?;
            if r.is_done() {
                Order::SupportHold(unit, target)
            } else {
                r.expect(names::MTO)?;
                Order::SupportMove(unit, target, read_province(&mut r)?)
            }
        }
        t if t == names::CVY => {
            let army = read_unit(&mut r)?;
            r.expect(names::CTO)?;
            Order::Convoy(unit, army, read_province(&mut r)?)
        }
        t if t == names::CTO => {
            let to = read_province(&mut r)?;
            let mut path = Vec::new();
            if !r.is_done() {
                r.expect(names::VIA)?;
                let items = r.group()?;
                let mut inner = Reader::new(items, r.end_of_last());
                while !inner.is_done() {
                    path.push(read_province(&mut inner)?);
                }
            }
            Order::ConvoyMove(unit, to, path)
        }
        t if t == names::RTO => Order::Retreat(unit, read_loc(&mut r)?),
        t if t == names::DSB => Order::Disband(unit),
        t if t == names::BLD => Order::Build(unit),
        t if t == names::REM => Order::Remove(unit),
        _ => {
            return Err(ParseError::at(
                at,
                "an order (HLD, MTO, SUP, CVY, CTO, RTO, DSB, BLD, REM)",
            ))
        }
    };
    r.done()?;
    Ok(order)
}

/// `(order)`.
pub(crate) fn read_order(r: &mut Reader<'_>) -> Result<Order, ParseError> {
    let items = r.group()?;
    read_order_items(items, r.end_of_last())
}

// ---- writing ----

/// `(SPR 1901)`.
pub fn write_turn(w: &mut Writer, turn: Turn) {
    w.group(|w| {
        w.token(turn.season.token()).int(turn.year);
    });
}

/// `province` or `(province coast)`.
pub fn write_loc(w: &mut Writer, loc: Loc) {
    match loc.coast {
        None => {
            w.token(loc.province);
        }
        Some(c) => {
            w.group(|w| {
                w.token(loc.province).token(c);
            });
        }
    }
}

/// The inside of a unit group (no brackets).
pub fn write_unit_items(w: &mut Writer, unit: &Unit) {
    w.token(unit.power).token(unit.kind.token());
    write_loc(w, unit.loc);
}

/// `(unit)`.
pub fn write_unit(w: &mut Writer, unit: &Unit) {
    w.group(|w| write_unit_items(w, unit));
}

/// `(order)`.
pub fn write_order(w: &mut Writer, order: &Order) {
    w.group(|w| match order {
        Order::Hold(u) => {
            write_unit(w, u);
            w.token(names::HLD);
        }
        Order::Move(u, to) => {
            write_unit(w, u);
            w.token(names::MTO);
            write_loc(w, *to);
        }
        Order::SupportHold(u, t) => {
            write_unit(w, u);
            w.token(names::SUP);
            write_unit(w, t);
        }
        Order::SupportMove(u, t, to) => {
            write_unit(w, u);
            w.token(names::SUP);
            write_unit(w, t);
            w.token(names::MTO).token(*to);
        }
        Order::Convoy(u, a, to) => {
            write_unit(w, u);
            w.token(names::CVY);
            write_unit(w, a);
            w.token(names::CTO).token(*to);
        }
        Order::ConvoyMove(u, to, path) => {
            write_unit(w, u);
            w.token(names::CTO).token(*to);
            if !path.is_empty() {
                w.token(names::VIA).group(|w| {
                    w.tokens(path);
                });
            }
        }
        Order::Retreat(u, to) => {
            write_unit(w, u);
            w.token(names::RTO);
            write_loc(w, *to);
        }
        Order::Disband(u) => {
            write_unit(w, u);
            w.token(names::DSB);
        }
        Order::Build(u) => {
            write_unit(w, u);
            w.token(names::BLD);
        }
        Order::Remove(u) => {
            write_unit(w, u);
            w.token(names::REM);
        }
        Order::Waive(p) => {
            w.token(*p).token(names::WVE);
        }
    });
}
