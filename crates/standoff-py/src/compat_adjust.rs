//! `set_orders` of the package-compatible `Game` in retreat and adjustment phases, as
//! the `diplomacy` package does it: within one call the first order for a location
//! counts (the package voids the others: they are recorded in `_duplicates`, and in an
//! adjustment phase listed in `power.adjust` as `VOID ...`); a later call replaces (or,
//! with `replace=False`, keeps) it; a call without orders leaves the power none; `WAIVE`
//! counts only for builds left; builds, removals and waives the board does not allow are
//! recorded as errors and stay in `power.adjust` as `VOID ...` (not listed by
//! `get_orders`, `void` when the phase is played); builds left are filled with `WAIVE`
//! when the power is a dummy (no one controls it: every power of a local game unless
//! `set_controlled` gave it to someone) or waived one of them, as the package does.

use crate::compat_core::{adjust_of, attributes, modes, native, sent, GameCore};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyList, PySet, PyString};
use standoff::unit::UnitKind;
use std::collections::HashSet;

/// An order's words, upper case (`A PAR B` -> `["A", "PAR", "B"]`).
fn words_of(order: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let text = order.str()?.to_cow()?.to_uppercase();
    Ok(text.split_whitespace().map(str::to_string).collect())
}

/// The province an order's words are for (`A PAR B` -> `PAR`), None for `WAIVE`.
fn location(words: &[String]) -> Option<String> {
    words.get(1).map(|w| w.chars().take(3).collect())
}

/// Which unit each order given to `set_orders` is for. An order in the package's own
/// notation (`A PAR B`, `F STP/NC R BOT`) says it in its first two words; any other
/// (`Build army Paris`, `REMOVE A BUR`) is read as the native game reads it, so that two
/// orders are taken for one unit only when they are.
struct UnitKeys<'a, 'py> {
    game: &'a Bound<'py, GameCore>,
    power: String,
}

impl UnitKeys<'_, '_> {
    /// The unit an order is for (`A PAR`) and its province (`PAR`); for an order that
    /// does not read (the native game refuses it), its first two words and the first
    /// three letters of the second, as for the package's notation; None for `WAIVE`.
    fn unit_and_place(&self, text: &str, words: &[String]) -> PyResult<Option<(String, String)>> {
        let by_words = || location(words).map(|place| (words[..2].join(" "), place));
        if matches!(words.first().map(String::as_str), Some("A" | "F" | "WAIVE")) {
            return Ok(by_words());
        }
        let native = native(self.game)?.borrow();
        let (variant, position) = (&native.variant, &native.rec().game.position);
        let read = variant.find_power(&self.power).and_then(|power| {
            crate::model::read_order(variant, position.phase().kind, power, text).ok()
        });
        let Some(order) = read else {
            return Ok(by_words());
        };
        let order = crate::model::fill_kinds(position, variant, order);
        let Some(unit) = order.kind.unit() else {
            return Ok(None);
        };
        let map = &variant.map;
        let place = crate::names::prov_name(map, map.province_of(unit.location)).to_uppercase();
        let letter = unit.kind.map_or('?', UnitKind::letter);
        Ok(Some((format!("{letter} {place}"), place)))
    }
}

/// Sets `power`'s retreat or adjustment orders to `texts` (the orders given, empty
/// ones left out) as the package does (see the module doc).
pub fn set_orders<'py>(
    game: &Bound<'py, GameCore>,
    power: &Bound<'py, PyAny>,
    texts: Vec<Bound<'py, PyAny>>,
    replace: bool,
    errors: &str,
) -> PyResult<()> {
    // The orders go to the native game and to `sent`, where the Power object reads
    // them when next used (see `GameCore::powers_clean`): it holds none of its own then.
    let py = game.py();
    let name = power.getattr(intern!(py, "name"))?;
    let fields = attributes(power)?;
    let adjust = || adjust_of(game, power);
    let drop_own = || -> PyResult<()> {
        if fields.contains(intern!(py, "adjust"))? {
            fields.del_item(intern!(py, "adjust"))?;
        }
        Ok(())
    };
    if texts.is_empty() {
        // No orders: the power has none now (as in the package, whatever `replace` says).
        let same_mode = match modes(game)?.get_item(&name)? {
            Some(mode) => mode.eq(errors)?,
            None => errors == "warn",
        };
        let had_none = adjust()?.len()? == 0
            && match sent(game)?.get_item(&name)? {
                Some(had) => had.eq(PyList::empty(py))?,
                None => false,
            };
        if !(same_mode && had_none) {
            native(game)?
                .borrow_mut()
                .clear_orders(Some(&name.cast::<PyString>()?.to_cow()?))?;
            modes(game)?.set_item(&name, errors)?;
            drop_own()?;
            sent(game)?.set_item(&name, PyList::empty(py))?;
        }
        return Ok(());
    }
    let adjustment = game.borrow().phase_kind() == b'A';
    let duplicates =
        crate::compat_core::object_field(game, |g| g.duplicates.as_ref()).cast_into::<PySet>()?;
    let keys = UnitKeys {
        game,
        power: name.extract::<String>()?,
    };
    let mut seen: HashSet<Option<String>> = HashSet::new();
    let (mut unique, mut waives) = (Vec::new(), Vec::new());
    // In an adjustment phase the package lists an order for a place already ordered as
    // `VOID ...` in `adjust`.
    let mut repeated: Vec<String> = Vec::new();
    for text in texts {
        let words = words_of(&text)?;
        let unit = keys.unit_and_place(&text.str()?.to_cow()?, &words)?;
        let at = unit.as_ref().map(|(_, place)| place.clone());
        if at.is_some() && seen.contains(&at) {
            if let Some((unit, _)) = unit {
                duplicates.add(unit)?;
            }
            if adjustment {
                repeated.push(format!("VOID {}", words.join(" ")));
            }
            continue;
        }
        seen.insert(at);
        if adjustment && words == ["WAIVE"] {
            waives.push(text);
        } else {
            unique.push(text);
        }
    }
    if !waives.is_empty() {
        // WAIVE as the package counts it: builds first, then only as many waives as
        // builds are left (the others are dropped, as the package drops them). A power
        // that must remove units may not waive: its WAIVEs go to the native game,
        // which refuses (and records) them.
        let need = crate::compat_support::centers_minus_units(
            native(game)?.borrow(),
            &name.extract::<String>()?,
        )?;
        let room = match usize::try_from(need) {
            Ok(builds) => builds.saturating_sub(unique.len()),
            Err(_) => waives.len(),
        };
        unique.extend(waives.into_iter().take(room));
    }
    let mut texts = unique;
    if !replace {
        let mut ordered = HashSet::new();
        for order in adjust()?.try_iter()? {
            let order = order?;
            let words = words_of(&order)?;
            let unit = keys.unit_and_place(&order.str()?.to_cow()?, &words)?;
            ordered.extend(unit.map(|(_, at)| at));
        }
        let mut kept_texts = Vec::with_capacity(texts.len());
        for text in texts {
            let words = words_of(&text)?;
            let unit = keys.unit_and_place(&text.str()?.to_cow()?, &words)?;
            if !unit.is_some_and(|(_, at)| ordered.contains(&at)) {
                kept_texts.push(text);
            }
        }
        texts = kept_texts;
    }
    let (accepted, rejected) = native(game)?.borrow_mut().set_orders_and_get_rejected(
        py,
        name.cast::<PyString>()?,
        PyList::new(py, texts)?.as_any(),
        replace,
        crate::game::error_mode(errors)?,
    )?;
    modes(game)?.set_item(&name, errors)?;
    // Builds, removals and waives the board does not allow stay in `power.adjust` as
    // `VOID ...` (not listed by `get_orders`; `void` when the phase is played), those of
    // earlier calls too, each time given, as in the package.
    let mut voided: Vec<Bound<'py, PyAny>> = Vec::new();
    for order in adjust()?.try_iter()? {
        let order = order?;
        if order.str()?.to_cow()?.starts_with("VOID ") {
            voided.push(order);
        }
    }
    if adjustment {
        for order in rejected {
            let upper: Vec<String> = order.split_whitespace().map(str::to_uppercase).collect();
            let allowed_shape = match upper.as_slice() {
                [kind, _, action] => {
                    matches!(kind.as_str(), "A" | "F") && matches!(action.as_str(), "B" | "D")
                }
                [waive] => waive == "WAIVE",
                _ => false,
            };
            if allowed_shape {
                voided.push(PyString::new(py, &format!("VOID {}", upper.join(" "))).into_any());
            }
        }
    }
    let now = PyList::new(py, accepted)?;
    for order in voided {
        now.append(order)?;
    }
    for order in repeated {
        now.append(order)?;
    }
    if adjustment {
        fill_waives(&now, power, &name, game)?;
    }
    drop_own()?;
    sent(game)?.set_item(&name, now)?;
    Ok(())
}

/// A power's `adjust` list made as the package leaves it: `WAIVE`s beyond its builds
/// are dropped (counting every entry, `VOID` ones too, as the package does), and a
/// power with builds left has them filled with `WAIVE` if it is a dummy (no one
/// controls it) or waived one already. Each `WAIVE` is `void` when played.
fn fill_waives(
    adjust: &Bound<'_, PyList>,
    power: &Bound<'_, PyAny>,
    name: &Bound<'_, PyAny>,
    game: &Bound<'_, GameCore>,
) -> PyResult<()> {
    let need =
        crate::compat_support::package_need(&native(game)?.borrow(), &name.extract::<String>()?)?;
    let Ok(need) = usize::try_from(need) else {
        return Ok(());
    };
    while need > 0 && need < adjust.len() {
        let waive = adjust
            .iter()
            .position(|order| order.extract::<String>().is_ok_and(|o| o == "WAIVE"));
        match waive {
            Some(i) => adjust.del_item(i)?,
            None => break,
        }
    }
    if adjust.len() >= need {
        return Ok(());
    }
    let py = adjust.py();
    let waived = adjust.contains(intern!(py, "WAIVE"))?;
    if waived || power.call_method0(intern!(py, "is_dummy"))?.is_truthy()? {
        for _ in adjust.len()..need {
            adjust.append("WAIVE")?;
        }
    }
    Ok(())
}
