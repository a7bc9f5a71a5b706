//! Orders drawn in the usual conventions: a move is an arrow, a support a dashed line
//! (to the middle of the supported move, or a ring round the supported unit), a convoy
//! a dotted line from the army through the fleet, a hold a ring; retreats are orange
//! arrows, builds dashed rings, disbands and removals crosses. A failed order is red and
//! dashed with a cross on it. Special orders: a railway ride follows the line's spaces
//! as a hatched track; a canal permission is a dotted line from the canal's gate to the
//! fleet; an army carried hop by hop gets a second arrow to where it landed.

use super::geometry::Point;
use super::overlay::{DrawnOrder, Verdict};
use super::palette;
use super::svg::{escape, unit_shape, Canvas};
use crate::ids::ProvinceId;
use crate::order::{OrderKind, UnitRef};
use crate::phase::PhaseKind;
use std::fmt::Write;

/// Marker definitions (arrow heads), written once in `<defs>`.
pub(super) fn defs(s: &mut String, _c: &Canvas) {
    s.push_str("<defs>");
    for (id, colour) in [
        ("arrow-succeeded", palette::ORDER_OK),
        ("arrow-pending", palette::ORDER_OK),
        ("arrow-failed", palette::ORDER_FAILED),
        ("arrow-retreat", palette::RETREAT),
        ("arrow-rail", "#5b3a1a"),
    ] {
        let _ = write!(
            s,
            r#"<marker id="{id}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="3.6" markerHeight="3.6" orient="auto"><path d="M0 0 L10 5 L0 10 Z" fill="{colour}"/></marker>"#
        );
    }
    s.push_str("</defs>");
}

fn verdict_class(v: Verdict) -> &'static str {
    match v {
        Verdict::Pending => "pending",
        Verdict::Succeeded => "succeeded",
        Verdict::Failed => "failed",
    }
}

/// Stroke attributes for an order with verdict `v` and ordinary colour `colour`.
fn stroke(v: Verdict, colour: &str, width: f64, dash: Option<&str>) -> String {
    let (colour, dash) = match v {
        Verdict::Failed => (palette::ORDER_FAILED, Some(dash.unwrap_or("6 4"))),
        _ => (colour, dash),
    };
    let mut a = format!(r#"stroke="{colour}" stroke-width="{width:.1}" fill="none""#);
    if let Some(d) = dash {
        let _ = write!(a, r#" stroke-dasharray="{d}""#);
    }
    a
}

/// `from` → `to` shortened by `a` at the start and `b` at the end.
fn shorten(from: Point, to: Point, a: f64, b: f64) -> (Point, Point) {
    let d = from.distance(to);
    if d <= a + b + 1.0 {
        return (from, to);
    }
    (from.lerp(to, a / d), to.lerp(from, b / d))
}

/// Where the unit an order names is drawn: the unit standing there (on its coast), or a
/// dislodged unit there in a retreat phase, else the written location.
fn unit_point(c: &Canvas, unit: &UnitRef, dislodged: bool) -> Point {
    let p = c.variant.map.province_of(unit.location);
    if dislodged {
        if let Some(d) = super::board::dislodged(c.position)
            .iter()
            .find(|d| c.variant.map.province_of(d.unit.location) == p)
        {
            return c.dislodged_at(d.unit.location);
        }
    }
    match c.position.unit_at(p) {
        Some(u) => c.at(u.location),
        None => c.at(unit.location),
    }
}

fn province_point(c: &Canvas, p: ProvinceId) -> Point {
    c.at(p.location())
}

fn cross(s: &mut String, at: Point, size: f64, colour: &str) {
    let _ = write!(
        s,
        r#"<path class="fail-mark" d="M{:.1} {:.1} L{:.1} {:.1} M{:.1} {:.1} L{:.1} {:.1}" stroke="{colour}" stroke-width="{:.1}" stroke-linecap="round"/>"#,
        at.x - size,
        at.y - size,
        at.x + size,
        at.y + size,
        at.x - size,
        at.y + size,
        at.x + size,
        at.y - size,
        size * 0.45
    );
}

struct Pen<'s, 'c, 'a> {
    s: &'s mut String,
    c: &'c Canvas<'a>,
    width: f64,
}

impl Pen<'_, '_, '_> {
    fn open(&mut self, kind: &str, d: &DrawnOrder) {
        let power = self.c.variant.power_name(d.order.power);
        let _ = write!(
            self.s,
            r#"<g class="order {kind} {}" data-power="{}">"#,
            verdict_class(d.verdict),
            escape(power)
        );
    }

    fn close(&mut self) {
        self.s.push_str("</g>");
    }

    /// An arrow from `from` to `to` (shortened to leave the unit markers visible).
    fn arrow(&mut self, from: Point, to: Point, v: Verdict, marker: &str, colour: &str) {
        let u = self.c.unit_size;
        let (a, b) = shorten(from, to, u * 0.9, u * 1.2);
        let marker = if v == Verdict::Failed {
            "arrow-failed"
        } else {
            marker
        };
        let _ = write!(
            self.s,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {} marker-end="url(#{marker})"/>"#,
            a.x,
            a.y,
            b.x,
            b.y,
            stroke(v, colour, self.width, None)
        );
        if v == Verdict::Failed {
            cross(self.s, a.lerp(b, 0.5), u * 0.55, palette::ORDER_FAILED);
        }
    }

    fn ring(&mut self, at: Point, radius: f64, v: Verdict, dash: Option<&str>) {
        let _ = write!(
            self.s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" {}/>"#,
            at.x,
            at.y,
            radius,
            stroke(v, palette::ORDER_OK, self.width, dash)
        );
    }
}

/// Draws every order.
pub(super) fn draw(s: &mut String, c: &Canvas, drawn: &[DrawnOrder]) {
    s.push_str(r#"<g id="orders" stroke-linecap="round">"#);
    let retreat_phase = super::board::phase(c.position).kind == PhaseKind::Retreat;
    let mut pen = Pen {
        s,
        c,
        width: (c.unit_size * 0.3).clamp(1.6, 3.5),
    };
    for d in drawn {
        draw_one(&mut pen, d, retreat_phase);
    }
    pen.s.push_str("</g>");
}

fn draw_one(pen: &mut Pen, d: &DrawnOrder, retreat_phase: bool) {
    let c = pen.c;
    let u = c.unit_size;
    let v = d.verdict;
    match &d.order.kind {
        OrderKind::Hold { unit } => {
            pen.open("hold", d);
            let at = unit_point(c, unit, false);
            let _ = write!(
                pen.s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" {}/>"#,
                at.x,
                at.y,
                u * 1.55,
                stroke(v, "#333", pen.width * 0.6, None)
            );
            pen.close();
        }
        OrderKind::Move { unit, to, .. } => {
            pen.open("move", d);
            let from = unit_point(c, unit, false);
            let dest = c.at(*to);
            pen.arrow(
                from,
                dest,
                v,
                &format!("arrow-{}", verdict_class(v)),
                palette::ORDER_OK,
            );
            if let Some(at) = d.ended_at {
                // Carried hop by hop: where the army landed.
                let land = province_point(c, at);
                if land != dest {
                    let (a, b) = shorten(dest, land, u * 0.6, u * 1.2);
                    let _ = write!(
                        pen.s,
                        r#"<line class="landed" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {} marker-end="url(#arrow-succeeded)"/>"#,
                        a.x,
                        a.y,
                        b.x,
                        b.y,
                        stroke(
                            Verdict::Succeeded,
                            palette::ORDER_OK,
                            pen.width * 0.7,
                            Some("2 3")
                        )
                    );
                }
            }
            pen.close();
        }
        OrderKind::SupportHold { unit, target } => {
            pen.open("support-hold", d);
            let from = unit_point(c, unit, false);
            let to = unit_point(c, target, false);
            let (a, b) = shorten(from, to, u * 0.9, u * 1.7);
            let _ = write!(
                pen.s,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {}/>"#,
                a.x,
                a.y,
                b.x,
                b.y,
                stroke(v, palette::ORDER_OK, pen.width * 0.8, Some("5 3"))
            );
            pen.ring(to, u * 1.7, v, Some("5 3"));
            if v == Verdict::Failed {
                cross(pen.s, a.lerp(b, 0.5), u * 0.5, palette::ORDER_FAILED);
            }
            pen.close();
        }
        OrderKind::SupportMove { unit, target, to } => {
            pen.open("support-move", d);
            let from = unit_point(c, unit, false);
            let t = unit_point(c, target, false);
            let aim = t.lerp(c.at(*to), 0.6);
            let (a, b) = shorten(from, aim, u * 0.9, 0.0);
            let _ = write!(
                pen.s,
                r#"<path d="M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}" {}/>"#,
                a.x,
                a.y,
                (a.x + t.x) / 2.0 * 0.5 + (a.x + b.x) / 2.0 * 0.5,
                (a.y + t.y) / 2.0 * 0.5 + (a.y + b.y) / 2.0 * 0.5,
                b.x,
                b.y,
                stroke(v, palette::ORDER_OK, pen.width * 0.8, Some("5 3"))
            );
            let _ = write!(
                pen.s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{}"/>"#,
                b.x,
                b.y,
                u * 0.3,
                if v == Verdict::Failed {
                    palette::ORDER_FAILED
                } else {
                    palette::ORDER_OK
                }
            );
            if v == Verdict::Failed {
                cross(pen.s, a.lerp(b, 0.5), u * 0.5, palette::ORDER_FAILED);
            }
            pen.close();
        }
        OrderKind::Convoy { unit, army, to } => {
            pen.open("convoy", d);
            let fleet = unit_point(c, unit, false);
            let from = unit_point(c, army, false);
            let dest = province_point(c, *to);
            let (a, _) = shorten(from, fleet, u * 0.9, 0.0);
            let (_, b) = shorten(fleet, dest, 0.0, u * 1.2);
            let _ = write!(
                pen.s,
                r#"<path d="M{:.1} {:.1} L{:.1} {:.1} L{:.1} {:.1}" {} stroke-linejoin="round"/>"#,
                a.x,
                a.y,
                fleet.x,
                fleet.y,
                b.x,
                b.y,
                stroke(v, palette::CONVOY, pen.width * 0.8, Some("1.5 4"))
            );
            pen.ring(fleet, u * 1.5, v, Some("1.5 4"));
            if v == Verdict::Failed {
                cross(pen.s, fleet, u * 0.6, palette::ORDER_FAILED);
            }
            pen.close();
        }
        OrderKind::RailMove { unit, to } => {
            pen.open("rail", d);
            let from_p = c.variant.map.province_of(unit.location);
            let mut points = vec![unit_point(c, unit, false)];
            match c.variant.railway().and_then(|r| r.ride(from_p, *to)) {
                Some(spaces) => points.extend(spaces.iter().map(|&p| province_point(c, p))),
                None => points.push(province_point(c, *to)),
            }
            let mut d_attr = String::new();
            for (i, p) in points.iter().enumerate() {
                let _ = write!(
                    d_attr,
                    "{}{:.1} {:.1} ",
                    if i == 0 { "M" } else { "L" },
                    p.x,
                    p.y
                );
            }
            let _ = write!(
                pen.s,
                r#"<path d="{}" {} stroke-linejoin="round"/><path d="{}" {} marker-end="url(#{})"/>"#,
                d_attr.trim_end(),
                stroke(v, "#5b3a1a", pen.width * 2.2, None),
                d_attr.trim_end(),
                stroke(v, "#f6f2e8", pen.width * 0.9, Some("3 3")),
                if v == Verdict::Failed {
                    "arrow-failed"
                } else {
                    "arrow-rail"
                }
            );
            if let Some(at) = d.ended_at {
                pen.ring(province_point(c, at), u * 1.6, Verdict::Failed, None);
            }
            pen.close();
        }
        OrderKind::CanalPermission { fleet, to } => {
            pen.open("canal", d);
            let gate = c.variant.canal().map(|k| province_point(c, k.gate));
            let f = unit_point(c, fleet, false);
            if let Some(g) = gate {
                let _ = write!(
                    pen.s,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {}/>"#,
                    g.x,
                    g.y,
                    f.x,
                    f.y,
                    stroke(v, "#0b7a75", pen.width * 0.8, Some("1 3"))
                );
            }
            let dest = province_point(c, *to);
            pen.arrow(f, dest, v, "arrow-pending", "#0b7a75");
            pen.close();
        }
        OrderKind::Retreat { unit, to } => {
            pen.open("retreat", d);
            let from = unit_point(c, unit, retreat_phase);
            pen.arrow(from, c.at(*to), v, "arrow-retreat", palette::RETREAT);
            pen.close();
        }
        OrderKind::Disband { unit } | OrderKind::Remove { unit } => {
            let kind = if matches!(d.order.kind, OrderKind::Remove { .. }) {
                "remove"
            } else {
                "disband"
            };
            pen.open(kind, d);
            let at = unit_point(c, unit, retreat_phase);
            let colour = if v == Verdict::Failed {
                "#888"
            } else {
                palette::ORDER_FAILED
            };
            cross(pen.s, at, u * 1.1, colour);
            pen.close();
        }
        OrderKind::Build { unit } => {
            pen.open("build", d);
            let at = c.at(unit.location);
            if let Some(kind) = unit.kind {
                let _ = write!(
                    pen.s,
                    r##"{} fill="{}" fill-opacity="0.55" stroke="#111" stroke-dasharray="3 2"/>"##,
                    unit_shape(kind, at, u),
                    c.colour(d.order.power)
                );
            }
            pen.ring(at, u * 1.7, v, Some("4 3"));
            if v == Verdict::Failed {
                cross(pen.s, at, u * 0.8, palette::ORDER_FAILED);
            }
            pen.close();
        }
        OrderKind::Proxy { unit, .. } => {
            pen.open("proxy", d);
            pen.ring(unit_point(c, unit, false), u * 1.8, v, Some("1 2"));
            pen.close();
        }
        OrderKind::Waive => {}
    }
}
