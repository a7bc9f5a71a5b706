//! The board: background, provinces coloured by owner, adjacency lines of a schematic
//! layout, supply centers, labels, units (dislodged ones offset and ringed), the side
//! panel; then the orders on top (`orders`).

use super::board;
use super::geometry::Point;
use super::layout::{Layout, LayoutKind};
use super::orders;
use super::overlay::DrawnOrder;
use super::palette::{self, power_colour};
use super::RenderOptions;
use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::map::Terrain;
use crate::position::Position;
use crate::unit::{Grade, Unit, UnitKind};
use crate::variant::Variant;
use std::fmt::Write;

/// Width of the side panel.
const PANEL: f64 = 240.0;

/// Everything one drawing needs at hand.
pub(super) struct Canvas<'a> {
    pub layout: &'a Layout,
    pub variant: &'a Variant,
    pub position: &'a Position,
    /// Size of a unit marker (its half-width).
    pub unit_size: f64,
    /// Each power's colour, by power index.
    pub colours: Vec<&'static str>,
}

impl Canvas<'_> {
    /// Where the unit standing at `l` is drawn.
    pub fn at(&self, l: LocationId) -> Point {
        self.layout
            .locations
            .get(l.index())
            .copied()
            .unwrap_or(Point::new(0.0, 0.0))
    }

    /// Where a dislodged unit standing at `l` is drawn.
    pub fn dislodged_at(&self, l: LocationId) -> Point {
        let p = self.at(l);
        Point::new(p.x + self.unit_size * 2.3, p.y + self.unit_size * 1.2)
    }

    /// The colour of `power`.
    pub fn colour(&self, power: PowerId) -> &'static str {
        self.colours
            .get(power.index())
            .copied()
            .unwrap_or_else(|| power_colour(self.variant, power.index()))
    }
}

/// Escapes text for XML content and attributes.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

fn hex(colour: &str) -> (f64, f64, f64) {
    let v = u32::from_str_radix(colour.trim_start_matches('#'), 16).unwrap_or(0x808080);
    (
        f64::from((v >> 16) & 0xff),
        f64::from((v >> 8) & 0xff),
        f64::from(v & 0xff),
    )
}

/// `a` mixed with `b`, `t` of the way to `a`.
fn mix(a: &str, b: &str, t: f64) -> String {
    let (a, b) = (hex(a), hex(b));
    let c = |x: f64, y: f64| (x * t + y * (1.0 - t)).round() as u8;
    format!("#{:02x}{:02x}{:02x}", c(a.0, b.0), c(a.1, b.1), c(a.2, b.2))
}

/// Black or white, whichever reads better on `colour`.
pub(super) fn contrast(colour: &str) -> &'static str {
    let (r, g, b) = hex(colour);
    if 0.299 * r + 0.587 * g + 0.114 * b > 150.0 {
        "#111"
    } else {
        "#fff"
    }
}

/// Draws the picture.
pub(super) fn draw(
    layout: &Layout,
    variant: &Variant,
    position: &Position,
    drawn: &[DrawnOrder],
    options: &RenderOptions,
) -> String {
    let canvas = Canvas {
        layout,
        variant,
        position,
        unit_size: (layout.scale * 0.19).clamp(6.0, 13.0),
        colours: palette::power_colours(variant),
    };
    let panel = if options.legend { PANEL } else { 0.0 };
    let width = layout.width + panel;
    let rows = variant.powers.len() as f64;
    let title = wrap(&variant.title, TITLE_EMS, TITLE_LINES);
    let height = layout.height.max(120.0 + title_drop(&title) + rows * 24.0);
    let mut s = String::with_capacity(64 * 1024);
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" data-variant="{v}" data-phase="{p}">"#,
        w = width,
        h = height,
        v = escape(&variant.name),
        p = board::phase(position),
    );
    orders::defs(&mut s, &canvas);
    let _ = write!(
        s,
        r#"<rect id="background" x="0" y="0" width="{:.0}" height="{:.0}" fill="{}"/>"#,
        layout.width,
        height,
        palette::BACKGROUND
    );
    scenery(&mut s, layout);
    provinces(&mut s, &canvas);
    if layout.kind == LayoutKind::Schematic {
        adjacencies(&mut s, &canvas);
    }
    centers(&mut s, &canvas);
    if options.abbreviations {
        labels(&mut s, &canvas);
    }
    units(&mut s, &canvas);
    orders::draw(&mut s, &canvas, drawn);
    if options.legend {
        legend(&mut s, &canvas, height, &title);
    }
    s.push_str("</svg>\n");
    s
}

fn scenery(s: &mut String, layout: &Layout) {
    s.push_str(r#"<g id="scenery">"#);
    for d in &layout.scenery {
        let _ = write!(
            s,
            r##"<path d="{d}" fill="{}" stroke="#6d6452" stroke-width="0.6"/>"##,
            palette::IMPASSABLE
        );
    }
    s.push_str("</g>");
}

/// The power a province is coloured for: its center's owner, else (where the variant
/// keeps it) its last occupant.
fn province_owner(c: &Canvas, p: ProvinceId) -> Option<PowerId> {
    if c.variant.is_center_in(c.position, p) {
        board::center_owner(c.position, p)
    } else if c.variant.tracks_occupants() {
        board::last_occupant(c.position, p)
    } else {
        None
    }
}

fn provinces(s: &mut String, c: &Canvas) {
    s.push_str(
        r##"<g id="provinces" stroke="#4a4238" stroke-width="0.8" stroke-linejoin="round" fill-rule="evenodd">"##,
    );
    for (i, prov) in c.variant.map.provinces().iter().enumerate() {
        let p = ProvinceId(i as u16);
        let Some(shape) = c.layout.provinces.get(i) else {
            continue;
        };
        let owner = province_owner(c, p);
        let (class, fill) = match prov.terrain {
            Terrain::Sea => ("sea", palette::SEA.to_string()),
            Terrain::Impassable => ("impassable", palette::IMPASSABLE.to_string()),
            Terrain::Land | Terrain::Coast => {
                let class = if prov.terrain == Terrain::Land {
                    "land"
                } else {
                    "coast"
                };
                match owner {
                    Some(w) => (class, mix(c.colour(w), palette::LAND, 0.6)),
                    None => (class, palette::LAND.to_string()),
                }
            }
        };
        let _ = write!(
            s,
            r#"<path id="province-{id}" class="province {class}" d="{d}" fill="{fill}""#,
            id = escape(&prov.id),
            d = shape.path,
        );
        if let Some(w) = owner {
            let _ = write!(s, r#" data-owner="{}""#, escape(c.variant.power_name(w)));
        }
        s.push_str("/>");
    }
    s.push_str("</g>");
}

fn adjacencies(s: &mut String, c: &Canvas) {
    let map = &c.variant.map;
    s.push_str(r#"<g id="adjacencies" stroke-width="1.2" opacity="0.7">"#);
    for (a, b) in super::auto::graph_edges(map) {
        let (pa, pb) = (ProvinceId(a as u16), ProvinceId(b as u16));
        let (x, y) = (c.at(pa.location()), c.at(pb.location()));
        let army = map.army_adjacent(pa, pb);
        let fleet = map.fleet_province_adjacent(pa, pb);
        let style = match (army, fleet) {
            (true, true) => r##"stroke="#6a5f4c""##,
            (true, false) => r##"stroke="#8a6a3a""##,
            _ => r##"stroke="#2f6ea3" stroke-dasharray="4 3""##,
        };
        let _ = write!(
            s,
            r#"<line class="adjacency" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {style}/>"#,
            x.x, x.y, y.x, y.y
        );
    }
    s.push_str("</g>");
}

fn centers(s: &mut String, c: &Canvas) {
    s.push_str(r##"<g id="centers" stroke="#222" stroke-width="1">"##);
    let r = c.unit_size * 0.42;
    for (i, prov) in c.variant.map.provinces().iter().enumerate() {
        let p = ProvinceId(i as u16);
        if !c.variant.is_center_in(c.position, p) {
            continue;
        }
        let Some(at) = c.layout.provinces.get(i).map(|s| s.center_mark) else {
            continue;
        };
        let fill = match board::center_owner(c.position, p) {
            Some(w) => c.colour(w),
            None => "#ffffff",
        };
        let _ = write!(
            s,
            r#"<circle class="center" id="center-{}" cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{fill}"/>"#,
            escape(&prov.id),
            at.x,
            at.y,
            r
        );
        let _ = write!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="#222" stroke-width="0.6"/>"##,
            at.x,
            at.y,
            r * 1.6
        );
    }
    s.push_str("</g>");
}

fn labels(s: &mut String, c: &Canvas) {
    let size = (c.layout.scale * 0.2).clamp(7.0, 12.0);
    let _ = write!(
        s,
        r#"<g id="labels" font-size="{size:.1}" text-anchor="middle">"#
    );
    let map = &c.variant.map;
    for (i, prov) in map.provinces().iter().enumerate() {
        let Some(at) = c.layout.provinces.get(i).map(|s| s.label) else {
            continue;
        };
        let (fill, style) = match prov.terrain {
            Terrain::Sea => ("#24496b", r#" font-style="italic""#),
            _ => ("#3b3223", ""),
        };
        let _ = write!(
            s,
            r#"<text class="label" x="{:.1}" y="{:.1}" fill="{fill}"{style}>{}</text>"#,
            at.x,
            at.y,
            escape(&prov.abbr)
        );
    }
    for l in map.province_count()..map.location_count() {
        let l = LocationId(l as u16);
        let Some(coast) = &map.location(l).coast else {
            continue;
        };
        let at = c.at(l);
        let _ = write!(
            s,
            r##"<text class="coast-label" x="{:.1}" y="{:.1}" fill="#24496b" font-size="{:.1}">{}</text>"##,
            at.x,
            at.y + c.unit_size * 1.9,
            size * 0.8,
            escape(coast)
        );
    }
    s.push_str("</g>");
}

/// The outline of a unit marker of `kind` centred on `at`, size `u`.
pub(super) fn unit_shape(kind: UnitKind, at: Point, u: f64) -> String {
    match kind {
        UnitKind::Army => format!(
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{:.1}""#,
            at.x - u,
            at.y - u * 0.8,
            2.0 * u,
            1.6 * u,
            u * 0.35
        ),
        UnitKind::Fleet => format!(
            r#"<path d="M{:.1} {:.1} L{:.1} {:.1} L{:.1} {:.1} L{:.1} {:.1} Z""#,
            at.x - u * 1.3,
            at.y - u * 0.45,
            at.x + u * 1.3,
            at.y - u * 0.45,
            at.x + u * 0.85,
            at.y + u * 0.75,
            at.x - u * 0.85,
            at.y + u * 0.75
        ),
    }
}

fn unit(s: &mut String, c: &Canvas, unit: &Unit, at: Point, dislodged: bool) {
    let u = c.unit_size;
    let colour = c.colour(unit.power);
    let loc = c.variant.map.location_id_name(unit.location);
    let (class, id) = if dislodged {
        ("unit dislodged", format!("dislodged-{}", loc))
    } else {
        ("unit", format!("unit-{}", loc))
    };
    let _ = write!(
        s,
        r#"<g class="{class}" id="{id}" data-power="{}" data-kind="{}" data-location="{}">"#,
        escape(c.variant.power_name(unit.power)),
        unit.kind.letter(),
        escape(&loc),
    );
    if dislodged {
        let _ = write!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="{}" stroke-width="2"/>"##,
            at.x,
            at.y,
            u * 1.55,
            palette::ORDER_FAILED
        );
    }
    let dash = if unit.grade == Grade::Half {
        r#" stroke-dasharray="2 1.5""#
    } else {
        ""
    };
    let _ = write!(
        s,
        r##"{} fill="{colour}" stroke="#111" stroke-width="1.2"{dash}/>"##,
        unit_shape(unit.kind, at, u)
    );
    let text = match unit.grade {
        Grade::Full => unit.kind.letter().to_string(),
        Grade::Half => format!("½{}", unit.kind.letter()),
        Grade::Provisional => format!("{}*", unit.kind.letter()),
    };
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{:.1}" font-size="{:.1}" font-weight="bold" text-anchor="middle" fill="{}">{text}</text></g>"#,
        at.x,
        at.y + u * 0.42,
        u * 1.15,
        contrast(colour),
    );
}

fn units(s: &mut String, c: &Canvas) {
    s.push_str(r#"<g id="units">"#);
    for (_, u) in c.position.units() {
        unit(s, c, u, c.at(u.location), false);
    }
    for d in board::dislodged(c.position) {
        unit(s, c, &d.unit, c.dislodged_at(d.unit.location), true);
    }
    s.push_str("</g>");
}

fn legend(s: &mut String, c: &Canvas, height: f64, title: &[String]) {
    let x = c.layout.width;
    let _ = write!(
        s,
        r##"<g id="legend"><rect x="{x:.0}" y="0" width="{PANEL:.0}" height="{height:.0}" fill="#f6f2e8" stroke="#4a4238"/>"##
    );
    for (i, line) in title.iter().enumerate() {
        let _ = write!(
            s,
            r##"<text x="{:.0}" y="{:.0}" font-size="12" fill="#333">{}</text>"##,
            x + 14.0,
            28.0 + i as f64 * TITLE_LINE,
            escape(line)
        );
    }
    let dy = title_drop(title);
    let phase = board::phase(c.position).to_string();
    let _ = write!(
        s,
        r##"<text id="phase" x="{:.0}" y="{:.0}" font-size="{}" font-weight="bold" fill="#111">{}</text>"##,
        x + 14.0,
        54.0 + dy,
        phase_font_size(&phase),
        escape(&phase)
    );
    let _ = write!(
        s,
        r##"<text x="{:.0}" y="{:.0}" font-size="11" fill="#555">centers / units</text>"##,
        x + 150.0,
        80.0 + dy
    );
    for (i, power) in c.variant.powers.iter().enumerate() {
        let w = PowerId(i as u8);
        let y = 100.0 + dy + i as f64 * 24.0;
        let centers = c.variant.counted_centers(c.position, w);
        let units = c.position.unit_count(w);
        // A long name ("Frozen Antarctica") in smaller type, to end before the counts.
        let name_size = if power.name.chars().count() > 14 {
            11
        } else {
            13
        };
        let _ = write!(
            s,
            r##"<g class="power-count" data-power="{name}" data-centers="{centers}"><rect x="{:.0}" y="{:.0}" width="16" height="16" fill="{}" stroke="#222"/><text x="{:.0}" y="{:.0}" font-size="{name_size}" fill="#111">{name}</text><text x="{:.0}" y="{:.0}" font-size="13" font-weight="bold" fill="#111">{centers}</text><text x="{:.0}" y="{:.0}" font-size="12" fill="#555">/ {units}</text></g>"##,
            x + 14.0,
            y - 12.0,
            c.colour(w),
            x + 38.0,
            y + 1.0,
            x + 160.0,
            y + 1.0,
            x + 184.0,
            y + 1.0,
            name = escape(&power.name),
        );
    }
    s.push_str("</g>");
}

/// The legend's phase line in type small enough to end inside the panel, with a margin
/// like the one on its left: 17 px for up to [`PHASE_CHARS`] characters (`Fall 1901
/// Movement`), smaller for longer ones (`Winter 1902 Adjustment`).
fn phase_font_size(phase: &str) -> usize {
    let chars = phase.chars().count().max(1);
    (17 * PHASE_CHARS / chars).clamp(8, 17)
}

/// Characters of the phase line that fit the panel in 17 px bold type (about 11 px
/// each, 212 of the panel's 240 px).
const PHASE_CHARS: usize = 19;

/// The legend's title: its width in ems of its 12 px type (the panel's 240 px less
/// 14 px on the left and 12 on the right), and its most lines.
const TITLE_EMS: f64 = 214.0 / 12.0;
const TITLE_LINES: usize = 3;
/// Distance between the title's lines.
const TITLE_LINE: f64 = 15.0;

/// How far a title of `lines` pushes the rest of the legend down.
fn title_drop(lines: &[String]) -> f64 {
    lines.len().saturating_sub(1) as f64 * TITLE_LINE
}

/// The advance of `c` in DejaVu Sans (the SVG's first font, and the one the PNG is
/// drawn with), in ems: near enough to break lines (narrow letters and punctuation
/// about a third of an em, capitals and `m`, `w` wider than the rest).
fn advance(c: char) -> f64 {
    match c {
        'i' | 'j' | 'l' | '\'' | '|' => 0.28,
        'I' | ' ' | '.' | ',' | ':' | ';' | '!' => 0.32,
        'f' | '-' | '(' | ')' | '[' | ']' => 0.37,
        't' | 'r' => 0.4,
        'm' => 0.97,
        'w' => 0.82,
        'M' | 'W' | '@' | '%' => 0.9,
        'A'..='Z' => 0.72,
        _ => 0.62,
    }
}

/// The width of `text` in ems ([`advance`]).
fn ems(text: &str) -> f64 {
    text.chars().map(advance).sum()
}

/// `text` broken at spaces into lines at most `width` ems wide; at most `lines` lines,
/// the last shortened with an ellipsis when the text goes on (as is a single word too
/// wide for a line).
fn wrap(text: &str, width: f64, lines: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let needed = ems(&current)
            + if current.is_empty() {
                0.0
            } else {
                advance(' ')
            }
            + ems(word);
        if !current.is_empty() && needed > width {
            out.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() {
        out.push(current);
    }
    if out.len() > lines {
        // The joined rest is wider than a line: `truncate` ends it with an ellipsis.
        let rest = out.split_off(lines - 1).join(" ");
        out.push(rest);
    }
    out.into_iter().map(|l| truncate(&l, width)).collect()
}

/// `text`, or as much of it as fits `width` ems with an ellipsis after it.
fn truncate(text: &str, width: f64) -> String {
    if ems(text) <= width {
        return text.to_string();
    }
    let mut t = String::new();
    let mut used = advance('…');
    for c in text.chars() {
        used += advance(c);
        if used > width {
            break;
        }
        t.push(c);
    }
    t.push('…');
    t
}
