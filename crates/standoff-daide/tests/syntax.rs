//! The message syntax against the examples of the syntax document: text written as
//! tokens, read into typed messages and written back unchanged.

use standoff_daide::message::{Message, MessageError, Missing};
use standoff_daide::order::{Loc, Order, Season, Turn, Unit, UnitType};
use standoff_daide::token::{names::*, Token};
use standoff_daide::tree::{to_text, with_err};
use standoff_daide::MapTokens;

/// Tokens from text: names, numbers, `(`, `)`, and `'text'`.
fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('\'') {
            let end = r.find('\'').expect("closing quote");
            out.extend(r[..end].bytes().map(Token::text));
            rest = r[end + 1..].trim_start();
            continue;
        }
        if let Some(r) = rest.strip_prefix('(') {
            out.push(BRA);
            rest = r.trim_start();
            continue;
        }
        if let Some(r) = rest.strip_prefix(')') {
            out.push(KET);
            rest = r.trim_start();
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '(' || c == ')')
            .unwrap_or(rest.len());
        let word = &rest[..end];
        let t = match word.parse::<i32>() {
            Ok(n) => Token::from_integer(n).expect("in range"),
            Err(_) => Token::named(word).unwrap_or_else(|| panic!("unknown token {word}")),
        };
        out.push(t);
        rest = rest[end..].trim_start();
    }
    out
}

fn round_trip(text: &str) -> Message {
    let t = tokens(text);
    let m = Message::parse(&t).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(m.to_tokens(), t, "{text} written back");
    m
}

#[test]
fn level_zero_examples_of_the_syntax_document_round_trip() {
    let examples = [
        "NME ('Bot') ('1.0')",
        "OBS",
        "IAM (ENG) (1234)",
        "MAP ('standard')",
        "MAP",
        "MDF",
        "HLO (ENG) (1234) ((LVL 20) (MTL 1200))",
        "SCO (AUS BUD TRI VIE) (ENG LVP EDI LON) (UNO NWY SWE)",
        "NOW (SPR 1901) (AUS FLT TRI) (AUS AMY BUD) (RUS FLT (STP SCS))",
        "NOW (SUM 1901) (ENG FLT NTH MRT (LON YOR EDI NWG)) (ENG FLT ECH MRT ())",
        "NOW (AUT 1901) (TUR FLT CON MRT (BLA SMY (BUL ECS) (BUL SCS)))",
        "HST (SPR 1901)",
        "HST",
        "SUB ((ENG AMY LVP) HLD) ((ENG FLT LON) MTO NTH) ((ENG FLT EDI) SUP (ENG FLT LON) MTO NTH)",
        "SUB ((ENG FLT BAR) MTO (STP NCS)) ((ENG FLT NWY) SUP (ENG FLT BAR) MTO STP)",
        "SUB ((ENG AMY YOR) CTO NWY VIA (NTH)) ((ENG FLT NTH) CVY (ENG AMY YOR) CTO NWY)",
        "SUB (SPR 1901) ((ITA FLT NAP) BLD) ((RUS FLT GOB) REM) (RUS WVE)",
        "SUB ((ENG FLT NTH) RTO NWG) ((ENG FLT ECH) DSB)",
        "THX ((ENG AMY LVP) HLD) (MBV)",
        "MIS (ENG AMY LVP) (ENG FLT LON)",
        "MIS (ENG FLT NTH MRT (LON YOR))",
        "MIS (-2)",
        "MIS",
        "NOT (SUB ((ENG AMY LVP) HLD))",
        "NOT (SUB)",
        "NOT (GOF)",
        "GOF",
        "ORD (SPR 1901) ((ENG FLT LON) MTO NTH) (SUC)",
        "ORD (SPR 1901) ((ENG FLT LON) HLD) (RET)",
        "ORD (WIN 1901) (RUS WVE) (SUC)",
        "TME (60)",
        "TME",
        "NOT (TME (60))",
        "NOT (TME)",
        "DRW",
        "DRW (ENG FRA)",
        "NOT (DRW)",
        "SLO (ENG)",
        "SMR (SPR 1905) (ENG ('Bot') ('1') 18) (FRA ('Other') ('2') 0 1904)",
        "CCD (FRA)",
        "NOT (CCD (FRA))",
        "OFF",
        "ADM ('Bot') ('hello all')",
        "SND (FRA GER) (PRP (PCE (ENG FRA GER)))",
        "SND (SPR 1901) (FRA) (YES (PRP (PCE (ENG FRA))))",
        "FRM (ENG) (FRA GER) (PRP (PCE (ENG FRA GER)))",
        "YES (NME ('Bot') ('1.0'))",
        "REJ (IAM (ENG) (1))",
        "HUH (SUB ERR (ENG))",
    ];
    for e in examples {
        round_trip(e);
    }
}

#[test]
fn typed_values_are_what_the_text_says() {
    let eng_lon = Unit {
        power: ENG,
        kind: UnitType::Fleet,
        loc: Loc {
            province: Token::named("LON").expect("LON"),
            coast: None,
        },
    };
    match round_trip("SUB (FAL 1902) ((ENG FLT LON) MTO (STP NCS))") {
        Message::Sub { turn, orders } => {
            assert_eq!(
                turn,
                Some(Turn {
                    season: Season::Fal,
                    year: 1902
                })
            );
            let stp_nc = Loc {
                province: Token::named("STP").expect("STP"),
                coast: Some(NCS),
            };
            assert_eq!(orders, vec![Order::Move(eng_lon, stp_nc)]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        round_trip("MIS (3)"),
        Message::Mis(Some(Missing::Adjustments(3)))
    );
    assert_eq!(
        round_trip("HLO (ENG) (-7) ((LVL 0))"),
        Message::Hlo(Some(standoff_daide::message::Hello {
            power: ENG,
            passcode: -7,
            options: vec![standoff_daide::message::VariantOption {
                parameter: LVL,
                value: Some(0)
            }],
        }))
    );
}

#[test]
fn syntax_errors_point_at_the_first_bad_token() {
    let bad = |text: &str| -> usize {
        match Message::parse(&tokens(text)) {
            Err(MessageError::Syntax(e)) => e.at,
            other => panic!("{text}: {other:?}"),
        }
    };
    // An order starting with a bare power can only be `power WVE`: AMY is wrong.
    assert_eq!(bad("SUB (ENG AMY LVP HLD)"), 3);
    assert_eq!(bad("SUB ((ENG AMY LVP) XDO)"), 7);
    assert_eq!(bad("NME ('a')"), 4);
    assert_eq!(bad("IAM (LON) (1)"), 2);
    assert_eq!(bad("GOF GOF"), 1);
    assert_eq!(bad("1901"), 0);
    assert_eq!(bad("SUB"), 1);
    let t = tokens("SUB (ENG AMY LVP HLD)");
    assert_eq!(to_text(&with_err(&t, 3)), "SUB ( ENG ERR AMY LVP HLD )");
    assert!(matches!(
        Message::parse(&tokens("SUB ((ENG AMY LVP) HLD")),
        Err(MessageError::Brackets(_))
    ));
}

#[test]
fn the_standard_mdf_reads_back_and_has_every_province() {
    let v = standoff::variant::builtin_arc("standard").expect("standard");
    let m = MapTokens::new(&v).expect("tokens");
    let mdf = m.map_definition(&v);
    let msg = Message::Mdf(Some(Box::new(mdf.clone())));
    let back = Message::parse(&msg.to_tokens()).expect("reads back");
    assert_eq!(back, msg);
    assert_eq!(mdf.powers.len(), 7);
    let centres: usize = mdf.centres.iter().map(|(_, l)| l.len()).sum();
    assert_eq!(centres, 34);
    assert_eq!(centres + mdf.non_centres.len(), 75);
    assert_eq!(mdf.adjacencies.len(), 75);
    // Bulgaria: armies, and fleets from each of its two coasts (syntax document's example).
    let bul = Token::named("BUL").expect("BUL");
    let (_, lists) = mdf
        .adjacencies
        .iter()
        .find(|(p, _)| *p == bul)
        .expect("BUL listed");
    assert_eq!(lists.len(), 3);
    let ecs = lists
        .iter()
        .find(|l| l.coast == Some(ECS))
        .expect("east coast");
    let mut names: Vec<&str> = ecs.to.iter().filter_map(|l| l.province.name()).collect();
    names.sort_unstable();
    assert_eq!(names, vec!["BLA", "CON", "RUM"]);
}

#[test]
fn orders_translate_to_the_cores_orders() {
    let v = standoff::variant::builtin_arc("standard").expect("standard");
    let m = MapTokens::new(&v).expect("tokens");
    let text = |t: &str| -> String {
        let Message::Sub { orders, .. } = Message::parse(&tokens(t)).expect("reads") else {
            panic!("not a SUB");
        };
        let o = m.order(&v, &orders[0]).expect("maps");
        standoff::session::canonical(&v, &o)
    };
    assert_eq!(text("SUB ((ENG FLT LON) MTO ECH)"), "F lon - eng");
    assert_eq!(text("SUB ((RUS FLT (STP SCS)) MTO GOB)"), "F stp/sc - bot");
    assert_eq!(
        text("SUB ((ENG FLT NTH) MTO (STP NCS))").replace(' ', ""),
        "Fnth-stp/nc"
    );
}

#[test]
fn supports_and_convoys_translate_and_the_judge_accepts_them() {
    let v = standoff::variant::builtin_arc("standard").expect("standard");
    let m = MapTokens::new(&v).expect("tokens");
    let mut session = standoff::session::Session::new_builtin(
        "standard",
        standoff::rules::Rules::default(),
        Default::default(),
    )
    .expect("session");
    for (power, t) in [
        (0u8, "SUB ((AUS AMY VIE) SUP (AUS AMY BUD) MTO GAL)"),
        (0, "SUB ((AUS AMY VIE) SUP (AUS AMY BUD))"),
    ] {
        let Message::Sub { orders, .. } = Message::parse(&tokens(t)).expect("reads") else {
            panic!("not a SUB");
        };
        let o = m.order(&v, &orders[0]).expect("maps");
        let line = standoff::session::canonical(&v, &o);
        let checks = session
            .submit(standoff::PowerId(power), std::slice::from_ref(&line))
            .expect("submitted");
        assert!(
            checks[0].accepted().is_some(),
            "{t}: {line}: {:?}",
            checks[0].outcome
        );
    }
}

#[test]
fn the_random_player_attacks_with_support_when_two_units_reach_an_enemy() {
    let v = standoff::variant::builtin_arc("standard").expect("standard");
    let m = MapTokens::new(&v).expect("tokens");
    let mdf = m.map_definition(&v);
    let now = Message::parse(&tokens(
        "NOW (SPR 1901) (ENG FLT NTH) (ENG FLT NWG) (GER FLT NWY)",
    ))
    .expect("NOW");
    let mut attacks = 0;
    for seed in 0..20 {
        let mut p = standoff_daide::bot::RandomPlayer::new(seed);
        p.on_message(&Message::Mdf(Some(Box::new(mdf.clone()))));
        p.on_message(&Message::Hlo(Some(standoff_daide::message::Hello {
            power: ENG,
            passcode: 1,
            options: Vec::new(),
        })));
        let replies = p.on_message(&now);
        let Some(Message::Sub { orders, .. }) = replies.first() else {
            panic!("orders for NOW");
        };
        assert_eq!(orders.len(), 2, "one order per unit");
        attacks += usize::from(orders.iter().any(|o| matches!(o, Order::SupportMove(..))));
    }
    assert!(attacks >= 5, "supported attacks in {attacks} of 20");
}
