//! Every name of every space of every built-in variant reads as that space in an order:
//! the parser's exact lookup (tried before any fuzzy matching) finds each one.

use standoff::parse::parse_order;
use standoff::variant::builtin_names;
use standoff::{OrderKind, PhaseKind, PowerId, Variant};

/// The location an order `text` holds (`A x` / `F x/nc` read as holds).
fn held(variant: &Variant, text: &str) -> Result<standoff::LocationId, String> {
    match parse_order(variant, PhaseKind::Movement, Some(PowerId(0)), text) {
        Ok(order) => match order.kind {
            OrderKind::Hold { unit } => Ok(unit.location),
            other => Err(format!("read as {other:?}")),
        },
        Err(e) => Err(e.to_string()),
    }
}

#[test]
fn every_space_name_and_abbreviation_reads_as_its_space() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for name in builtin_names() {
        let variant = Variant::builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let map = &variant.map;
        for (i, province) in map.provinces().iter().enumerate() {
            let id = standoff::ProvinceId(i as u16);
            for written in [&province.id, &province.abbr, &province.name] {
                // A lookup of the name as written must agree with the map's own table.
                if map.find_province(written) != Some(id) {
                    continue;
                }
                for text in [
                    format!("A {written}"),
                    format!("F {}", written.to_uppercase()),
                    format!("{written} H"),
                ] {
                    checked += 1;
                    match held(&variant, &text) {
                        Ok(l) if l == id.location() => {}
                        got => wrong.push(format!("{name}: {text:?} -> {got:?}")),
                    }
                }
            }
            for &coast in &province.coasts {
                let Some(c) = map.location(coast).coast.as_deref() else {
                    continue;
                };
                for text in [
                    format!("F {}/{c}", province.id),
                    format!("F {} ({c})", province.name),
                ] {
                    checked += 1;
                    match held(&variant, &text) {
                        Ok(l) if l == coast => {}
                        got => wrong.push(format!("{name}: {text:?} -> {got:?}")),
                    }
                }
            }
        }
        // Every key of the name table (aliases too) as it stands.
        for (key, p) in map.names() {
            checked += 1;
            match held(&variant, &format!("A {key} H")) {
                Ok(l) if map.province_of(l) == p => {}
                got => wrong.push(format!("{name}: alias {key:?} -> {got:?}")),
            }
        }
    }
    assert!(checked > 2000, "only {checked} names checked");
    assert!(
        wrong.is_empty(),
        "{} misread:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
