//! `standoff.Order` and `standoff.parse_order`: typed orders read from text.

use crate::args::variant_arg;
use crate::classes::{PyOrder, PyVariant};
use crate::convert::repr_str;
use crate::errors::{with_attrs, AmbiguousOrderError, InvalidOrderError, StandoffError};
use crate::names::{kind_letter, loc_name, order_text, parse_kind, power_name, prov_name};
use pyo3::prelude::*;
use standoff::order::{Order, OrderKind, UnitRef};
use standoff::parse::{parse_order, ParseError, ParseErrorKind};
use standoff::{PhaseKind, PowerId, Variant};
use std::sync::Arc;

/// The exception for an order that cannot be read, with `order`, `power` and `reason`
/// attributes.
pub fn parse_error_to_py(py: Python<'_>, text: &str, power: Option<&str>, e: &ParseError) -> PyErr {
    let msg = format!("cannot read order `{text}`: {e}");
    let err = match e.kind {
        ParseErrorKind::AmbiguousLocation(..) => AmbiguousOrderError::new_err(msg),
        _ => InvalidOrderError::new_err(msg),
    };
    let reason = e.kind.to_string();
    with_attrs(
        py,
        err,
        &[
            ("order", Some(text)),
            ("power", power),
            ("reason", Some(&reason)),
        ],
    )
}

/// Reads a `phase=` argument into a phase kind.
pub fn kind_arg(phase: &str) -> PyResult<PhaseKind> {
    parse_kind(phase).ok_or_else(|| {
        StandoffError::new_err(format!(
            "cannot read phase `{phase}` (expected `M`, `R`, `A`, a phase name such as \
             `F1901R`, or `movement`/`retreat`/`adjustment`)"
        ))
    })
}

/// Parses `text` as `parse_order` does.
pub fn parse_py_order(
    py: Python<'_>,
    variant: Arc<Variant>,
    text: &str,
    kind: PhaseKind,
    power: Option<&str>,
) -> PyResult<PyOrder> {
    let power_id = match power {
        Some(name) => Some(variant.find_power(name).ok_or_else(|| {
            with_attrs(
                py,
                InvalidOrderError::new_err(format!("`{name}` is not a power of this variant")),
                &[("order", Some(text)), ("power", Some(name))],
            )
        })?),
        None => None,
    };
    match parse_order(&variant, kind, power_id, text) {
        Ok(order) => Ok(PyOrder {
            variant,
            order,
            kind,
            has_power: true,
        }),
        Err(e) if power_id.is_none() && e.kind == ParseErrorKind::MissingPower => {
            // No power named: read it for a placeholder power and forget the power.
            match parse_order(&variant, kind, Some(PowerId(0)), text) {
                Ok(order) => Ok(PyOrder {
                    variant,
                    order,
                    kind,
                    has_power: false,
                }),
                Err(e) => Err(parse_error_to_py(py, text, power, &e)),
            }
        }
        Err(e) => Err(parse_error_to_py(py, text, power, &e)),
    }
}

fn unit_text(variant: &Variant, u: &UnitRef) -> String {
    match u.kind {
        Some(k) => format!("{} {}", k.letter(), loc_name(&variant.map, u.location)),
        None => loc_name(&variant.map, u.location),
    }
}

/// Reads one order. ``phase`` decides what ``-`` and ``D`` mean: ``"M"`` (movement,
/// default), ``"R"`` (retreat), ``"A"`` (adjustment), or a phase name (``"F1901R"``).
/// ``power`` applies when the text has no ``Power:`` prefix; without either the order
/// has no power (``order.power is None``). Names are case-insensitive; full names,
/// abbreviations and common aliases are read, and a misspelling close to exactly one
/// space is read as that space.
///
/// Raises ``InvalidOrderError`` (``AmbiguousOrderError`` for a misspelling close to
/// several spaces) with ``order``, ``power`` and ``reason`` attributes.
#[pyfunction]
#[pyo3(name = "parse_order", signature = (text, phase = "M", power = None, variant = None))]
pub fn parse_order_py(
    py: Python<'_>,
    text: &str,
    phase: &str,
    power: Option<&str>,
    variant: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyOrder> {
    let variant = variant_arg(variant)?;
    parse_py_order(py, variant, text, kind_arg(phase)?, power)
}

#[pymethods]
impl PyOrder {
    #[new]
    #[pyo3(signature = (text, power = None, phase = "M", variant = None))]
    fn new(
        py: Python<'_>,
        text: &str,
        power: Option<&str>,
        phase: &str,
        variant: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let variant = variant_arg(variant)?;
        parse_py_order(py, variant, text, kind_arg(phase)?, power)
    }

    /// The ordering power (`FRANCE`), or None if the text named none.
    #[getter]
    fn power(&self) -> Option<String> {
        self.has_power
            .then(|| power_name(&self.variant, self.order.power))
    }

    /// `hold`, `move`, `rail_move`, `canal_permission`, `support_hold`, `support_move`,
    /// `convoy`, `retreat`, `disband`, `build`, `remove`, `waive` or `proxy`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.order.kind {
            OrderKind::Hold { .. } => "hold",
            OrderKind::Move { .. } => "move",
            OrderKind::RailMove { .. } => "rail_move",
            OrderKind::CanalPermission { .. } => "canal_permission",
            OrderKind::SupportHold { .. } => "support_hold",
            OrderKind::SupportMove { .. } => "support_move",
            OrderKind::Convoy { .. } => "convoy",
            OrderKind::Retreat { .. } => "retreat",
            OrderKind::Disband { .. } => "disband",
            OrderKind::Build { .. } => "build",
            OrderKind::Remove { .. } => "remove",
            OrderKind::Waive => "waive",
            OrderKind::Proxy { .. } => "proxy",
        }
    }

    /// The phase type it was read for: `M`, `R` or `A`.
    #[getter]
    fn phase_type(&self) -> String {
        kind_letter(self.kind)
    }

    /// The ordered unit (`A PAR`; `PAR` if the text gave no type), None for a waive.
    #[getter]
    fn unit(&self) -> Option<String> {
        self.order.kind.unit().map(|u| unit_text(&self.variant, u))
    }

    /// `A`, `F`, or None if the text gave no type (or for a waive).
    #[getter]
    fn unit_type(&self) -> Option<String> {
        self.order
            .kind
            .unit()
            .and_then(|u| u.kind)
            .map(|k| k.letter().to_string())
    }

    /// Where the ordered unit is (`STP/SC`), None for a waive.
    #[getter]
    fn location(&self) -> Option<String> {
        self.order
            .kind
            .unit()
            .map(|u| loc_name(&self.variant.map, u.location))
    }

    /// The supported or convoyed unit (`A MAR`), if any.
    #[getter]
    fn target(&self) -> Option<String> {
        match &self.order.kind {
            OrderKind::SupportHold { target, .. } | OrderKind::SupportMove { target, .. } => {
                Some(unit_text(&self.variant, target))
            }
            OrderKind::Convoy { army, .. } => Some(unit_text(&self.variant, army)),
            _ => None,
        }
    }

    /// Where the unit (or the supported/convoyed unit) goes, if anywhere.
    #[getter]
    fn destination(&self) -> Option<String> {
        let map = &self.variant.map;
        match &self.order.kind {
            OrderKind::Move { to, .. }
            | OrderKind::Retreat { to, .. }
            | OrderKind::SupportMove { to, .. } => Some(loc_name(map, *to)),
            OrderKind::Convoy { to, .. } => Some(prov_name(map, *to)),
            _ => None,
        }
    }

    /// Whether a move says "via convoy".
    #[getter]
    fn via_convoy(&self) -> bool {
        matches!(
            self.order.kind,
            OrderKind::Move {
                via_convoy: true,
                ..
            }
        )
    }

    /// The text in the 2000 rulebook's abbreviations (`F StP(nc) - Bar`).
    fn rulebook(&self) -> String {
        self.order
            .display(&self.variant.map)
            .with_powers(&self.variant.powers)
            .to_string()
    }

    /// The variant the order was read against.
    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant {
            inner: self.variant.clone(),
        }
    }

    fn __str__(&self) -> String {
        order_text(&self.variant.map, &self.order)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let mut s = format!(
            "Order({}",
            repr_str(py, &order_text(&self.variant.map, &self.order))
        );
        if self.has_power {
            s.push_str(&format!(
                ", power={}",
                repr_str(py, &power_name(&self.variant, self.order.power))
            ));
        }
        if self.kind != PhaseKind::Movement {
            s.push_str(&format!(
                ", phase={}",
                repr_str(py, &kind_letter(self.kind))
            ));
        }
        if self.variant.name != "standard" {
            s.push_str(&format!(", variant={}", repr_str(py, &self.variant.name)));
        }
        s.push(')');
        s
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyOrder>().is_ok_and(|o| {
            let o = o.get();
            without_nationality(&o.order) == without_nationality(&self.order)
                && o.kind == self.kind
                && o.has_power == self.has_power
                && o.variant.name == self.variant.name
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        without_nationality(&self.order).hash(&mut h);
        self.kind.hash(&mut h);
        self.has_power.hash(&mut h);
        h.finish()
    }
}

/// The order without the nationality words it was written with: the package notation
/// (what `str()` gives) has none, and orders compare by what they mean under the
/// default rules (DATC 4.C.5/4.C.6 b: nationality is not binding).
fn without_nationality(order: &Order) -> Order {
    let mut o = order.clone();
    match &mut o.kind {
        OrderKind::SupportHold { target, .. } | OrderKind::SupportMove { target, .. } => {
            target.nationality = None
        }
        OrderKind::Convoy { army, .. } => army.nationality = None,
        _ => {}
    }
    o
}
