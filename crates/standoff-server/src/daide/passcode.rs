//! IAM's passcodes: drawing them, their stored form, and what an IAM names.

/// What an IAM's power and passcode name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PasscodeSeat {
    /// The seat of power `.1` in game `.0`, whose bot is gone.
    Free(i64, usize),
    /// A seat whose bot is connected.
    Taken,
    /// No seat: a wrong passcode (counted by the IAM limit).
    Unknown,
}

/// How many fresh passcodes are drawn for a seat before one already in use for the
/// same power token in another unfinished game is accepted (IAM then takes the first
/// free seat of the two).
pub const PASSCODE_TRIES: usize = 16;

/// A random passcode: a positive DAIDE number (100..=8191).
pub fn random_passcode() -> i32 {
    100 + (rand::random::<u16>() % 8092) as i32
}

/// The stored form of a seat's passcode: SHA-256 (hex) of the power token and the
/// passcode, as API tokens are stored (`http::auth::token_hash`). A DAIDE passcode is a
/// 13-bit number, so the hash keeps it out of plain sight rather than making it hard to
/// find; what guards a seat is that IAM takes only a seat whose bot is gone, and that
/// wrong passcodes are limited (`Hub::iam_limit`).
pub fn passcode_hash(power: standoff_daide::Token, passcode: i32) -> String {
    crate::http::auth::token_hash(&format!("daide-iam:{:04x}:{passcode}", power.0))
}

/// Equality that takes the same time wherever the strings differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use standoff_daide::token::names;

    #[test]
    fn passcodes_are_positive_daide_numbers() {
        for _ in 0..1000 {
            let p = random_passcode();
            assert!((100..=8191).contains(&p), "{p}");
        }
    }

    #[test]
    fn the_stored_form_depends_on_power_and_passcode_and_hides_both() {
        let h = passcode_hash(names::ENG, 1234);
        assert_eq!(h.len(), 64);
        assert!(!h.contains("1234"));
        assert_ne!(h, passcode_hash(names::FRA, 1234));
        assert_ne!(h, passcode_hash(names::ENG, 1235));
        assert!(same_secret(&h, &passcode_hash(names::ENG, 1234)));
        assert!(!same_secret(&h, &passcode_hash(names::ENG, 1235)));
    }
}
