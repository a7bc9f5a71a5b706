//! Arbitrary bytes never panic the frame decoder or the message reader: every input is
//! a frame, a request for more bytes, or a typed error.

use proptest::prelude::*;
use standoff_daide::frame::Frame;
use standoff_daide::message::Message;
use standoff_daide::token::{names, Token};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic_the_frame_decoder(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let mut rest = &bytes[..];
        // Decode frames one after another until the bytes run out or one is refused.
        for _ in 0..300 {
            match Frame::decode_prefix(rest) {
                Ok(Some((frame, used))) => {
                    prop_assert!(used >= 4);
                    if let Frame::Diplomacy(tokens) = &frame {
                        let _ = Message::parse(tokens);
                    }
                    rest = &rest[used..];
                }
                Ok(None) => break,
                Err(e) => {
                    let _ = e.code();
                    break;
                }
            }
        }
    }

    #[test]
    fn random_tokens_never_panic_the_message_reader(raw in proptest::collection::vec(any::<u16>(), 0..120)) {
        let tokens: Vec<Token> = raw.into_iter().map(Token).collect();
        let _ = Message::parse(&tokens);
    }

    #[test]
    fn token_soup_from_the_language_never_panics(picks in proptest::collection::vec(0usize..64, 0..80)) {
        // Tokens the reader knows, so the input gets deep into the syntax.
        let palette = [
            names::BRA, names::KET, names::BRA, names::KET, names::SUB, names::NOT, names::HLO,
            names::NOW, names::MDF, names::SCO, names::ORD, names::THX, names::MIS, names::SND,
            names::FRM, names::YES, names::REJ, names::HUH, names::IAM, names::NME, names::DRW,
            names::TME, names::SMR, names::CCD, names::GOF, names::HLD, names::MTO, names::SUP,
            names::CVY, names::CTO, names::VIA, names::RTO, names::DSB, names::BLD, names::REM,
            names::WVE, names::AMY, names::FLT, names::ENG, names::FRA, names::UNO, names::MRT,
            names::SPR, names::WIN, names::NCS, names::LVL, Token(0x553A), Token(0x521C),
            Token(0x574A), Token::text(b'a'), Token(1901), Token(0x3FFF), names::ERR, names::OBS,
            names::ADM, names::SLO, names::MAP, names::HST, names::OFF, names::OUT, names::PRN,
            names::AUT, names::SUM, names::FAL,
        ];
        let tokens: Vec<Token> = picks.into_iter().map(|i| palette[i % palette.len()]).collect();
        if let Ok(m) = Message::parse(&tokens) {
            // What reads also writes back and reads again the same.
            let again = Message::parse(&m.to_tokens());
            prop_assert_eq!(again.ok(), Some(m));
        }
    }
}
