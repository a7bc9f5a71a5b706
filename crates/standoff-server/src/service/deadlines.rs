//! Deadlines: how long each phase lasts, from the game's settings and the time now.

use crate::http::ApiError;
use chrono::{DateTime, Datelike, Duration, TimeZone, Utc, Weekday};
use standoff::PhaseKind;
use standoff_api::{Deadlines, FixedDeadline};

/// Default minutes per phase kind: movement and retreats 24 h, adjustments 48 h.
const DEFAULT_MOVEMENT: u32 = 24 * 60;
const DEFAULT_RETREAT: u32 = 24 * 60;
const DEFAULT_ADJUSTMENT: u32 = 48 * 60;
/// No phase lasts more than a year.
const MAX_MINUTES: u32 = 366 * 24 * 60;

fn weekday(name: &str) -> Option<Weekday> {
    let lower = name.trim().to_ascii_lowercase();
    let short = lower.get(..3)?;
    [
        ("mon", Weekday::Mon),
        ("tue", Weekday::Tue),
        ("wed", Weekday::Wed),
        ("thu", Weekday::Thu),
        ("fri", Weekday::Fri),
        ("sat", Weekday::Sat),
        ("sun", Weekday::Sun),
    ]
    .into_iter()
    .find(|(n, _)| *n == short && n.len() <= lower.len())
    .map(|(_, d)| d)
}

fn time_zone(fixed: &FixedDeadline) -> Result<chrono_tz::Tz, ApiError> {
    let name = fixed.time_zone.as_deref().unwrap_or("UTC");
    name.parse::<chrono_tz::Tz>().map_err(|_| {
        ApiError::BadRequest(format!(
            "unknown time zone `{name}` (use e.g. Europe/Paris)"
        ))
    })
}

/// Checks the settings; the error names what is wrong.
pub fn validate(d: &Deadlines) -> Result<(), ApiError> {
    for (what, value) in [
        ("movement_minutes", d.movement_minutes),
        ("retreat_minutes", d.retreat_minutes),
        ("adjustment_minutes", d.adjustment_minutes),
    ] {
        if let Some(m) = value {
            if m == 0 || m > MAX_MINUTES {
                return Err(ApiError::BadRequest(format!(
                    "{what} must be between 1 and {MAX_MINUTES}"
                )));
            }
        }
    }
    if d.grace_minutes.is_some_and(|m| m > MAX_MINUTES) {
        return Err(ApiError::BadRequest(format!(
            "grace_minutes must be at most {MAX_MINUTES}"
        )));
    }
    if let Some(f) = &d.fixed {
        if d.movement_minutes.is_some() {
            return Err(ApiError::BadRequest(
                "give either movement_minutes or a fixed weekday and hour, not both".into(),
            ));
        }
        weekday(&f.weekday).ok_or_else(|| {
            ApiError::BadRequest(format!("`{}` is not a weekday (mon .. sun)", f.weekday))
        })?;
        if f.hour > 23 {
            return Err(ApiError::BadRequest("hour must be 0 to 23".into()));
        }
        time_zone(f)?;
    }
    Ok(())
}

/// The next time at `fixed`'s weekday and hour (local time in its zone) after `now`.
fn next_fixed(fixed: &FixedDeadline, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let tz = time_zone(fixed).ok()?;
    let day = weekday(&fixed.weekday)?;
    let local_now = now.with_timezone(&tz);
    (0..=14).find_map(|ahead| {
        let date = local_now.date_naive() + Duration::days(ahead);
        if date.weekday() != day {
            return None;
        }
        let at = date.and_hms_opt(fixed.hour, 0, 0)?;
        // A skipped local hour (clocks going forward) uses the hour after it.
        let when = tz
            .from_local_datetime(&at)
            .earliest()
            .or_else(|| {
                tz.from_local_datetime(&(at + Duration::hours(1)))
                    .earliest()
            })?
            .with_timezone(&Utc);
        (when > now).then_some(when)
    })
}

/// When a phase of `kind` starting at `now` is due.
pub fn deadline(d: &Deadlines, kind: PhaseKind, now: DateTime<Utc>) -> DateTime<Utc> {
    let minutes = match kind {
        PhaseKind::Movement => {
            if let Some(at) = d.fixed.as_ref().and_then(|f| next_fixed(f, now)) {
                return at;
            }
            d.movement_minutes.unwrap_or(DEFAULT_MOVEMENT)
        }
        PhaseKind::Retreat => d.retreat_minutes.unwrap_or(DEFAULT_RETREAT),
        PhaseKind::Adjustment => d.adjustment_minutes.unwrap_or(DEFAULT_ADJUSTMENT),
    };
    now + Duration::minutes(i64::from(minutes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .map(|d| d.with_timezone(&Utc))
            .unwrap_or_default()
    }

    #[test]
    fn defaults_are_a_day_a_day_and_two_days() {
        let now = utc("2026-01-05T10:00:00Z");
        let d = Deadlines::default();
        assert_eq!(
            deadline(&d, PhaseKind::Movement, now),
            utc("2026-01-06T10:00:00Z")
        );
        assert_eq!(
            deadline(&d, PhaseKind::Retreat, now),
            utc("2026-01-06T10:00:00Z")
        );
        assert_eq!(
            deadline(&d, PhaseKind::Adjustment, now),
            utc("2026-01-07T10:00:00Z")
        );
    }

    #[test]
    fn midnight_friday_in_paris() {
        // Monday 5 January 2026, 10:00 UTC; Paris is UTC+1 in winter.
        let d = Deadlines {
            fixed: Some(FixedDeadline {
                weekday: "Friday".into(),
                hour: 0,
                time_zone: Some("Europe/Paris".into()),
            }),
            ..Deadlines::default()
        };
        assert!(validate(&d).is_ok());
        let now = utc("2026-01-05T10:00:00Z");
        assert_eq!(
            deadline(&d, PhaseKind::Movement, now),
            utc("2026-01-08T23:00:00Z")
        );
        // Just after it, the next one is a week later.
        let after = utc("2026-01-08T23:00:01Z");
        assert_eq!(
            deadline(&d, PhaseKind::Movement, after),
            utc("2026-01-15T23:00:00Z")
        );
    }

    #[test]
    fn bad_settings_are_named() {
        let bad = |d: Deadlines| {
            validate(&d)
                .map_err(|e| e.to_string())
                .expect_err("refused")
        };
        let zone = Deadlines {
            fixed: Some(FixedDeadline {
                weekday: "fri".into(),
                hour: 0,
                time_zone: Some("Mars/Olympus".into()),
            }),
            ..Deadlines::default()
        };
        assert!(bad(zone).contains("Mars/Olympus"));
        let day = Deadlines {
            fixed: Some(FixedDeadline {
                weekday: "someday".into(),
                hour: 0,
                time_zone: None,
            }),
            ..Deadlines::default()
        };
        assert!(bad(day).contains("someday"));
        let zero = Deadlines {
            movement_minutes: Some(0),
            ..Deadlines::default()
        };
        assert!(bad(zero).contains("movement_minutes"));
    }
}
