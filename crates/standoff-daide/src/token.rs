//! DAIDE tokens: 16-bit values whose high octet is a category (protocol chapter 4).
//! Owns the token table of the protocol document (brackets, powers, unit types, orders,
//! notes, results, coasts, phases, commands, parameters, press), the integer and text
//! encodings, and the standard map's province tokens.

use std::fmt;

/// One token as sent on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Token(pub u16);

/// Category octets (protocol 4.2).
pub mod category {
    /// Brackets.
    pub const MISC: u8 = 0x40;
    /// Powers.
    pub const POWER: u8 = 0x41;
    /// Unit types.
    pub const UNIT: u8 = 0x42;
    /// Orders.
    pub const ORDER: u8 = 0x43;
    /// Order notes.
    pub const NOTE: u8 = 0x44;
    /// Order results.
    pub const RESULT: u8 = 0x45;
    /// Coasts.
    pub const COAST: u8 = 0x46;
    /// Phases.
    pub const PHASE: u8 = 0x47;
    /// Commands.
    pub const COMMAND: u8 = 0x48;
    /// Parameters.
    pub const PARAMETER: u8 = 0x49;
    /// Press.
    pub const PRESS: u8 = 0x4A;
    /// Text: one ASCII octet (UTF-8 octet) per token.
    pub const TEXT: u8 = 0x4B;
    /// Bignum extension of an integer.
    pub const BIGNUM: u8 = 0x4C;
    /// First province category.
    pub const PROVINCE_FIRST: u8 = 0x50;
    /// Last province category.
    pub const PROVINCE_LAST: u8 = 0x57;
    /// First reserved (never transmitted) category.
    pub const RESERVED_FIRST: u8 = 0x58;
    /// Last reserved category.
    pub const RESERVED_LAST: u8 = 0x5F;
}

/// Province categories (protocol 4.16): the low bit says supply centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProvinceKind {
    /// Inland.
    Inland,
    /// Sea.
    Sea,
    /// Coastal, one coast.
    Coastal,
    /// Several named coasts.
    Bicoastal,
}

impl ProvinceKind {
    /// The category octet for this kind, supply centre or not.
    pub fn category(self, supply_centre: bool) -> u8 {
        let base = match self {
            ProvinceKind::Inland => 0x50,
            ProvinceKind::Sea => 0x52,
            ProvinceKind::Coastal => 0x54,
            ProvinceKind::Bicoastal => 0x56,
        };
        base | u8::from(supply_centre)
    }
}

impl Token {
    /// `(`.
    pub const BRA: Token = Token(0x4000);
    /// `)`.
    pub const KET: Token = Token(0x4001);

    /// A token from its category and number.
    pub const fn new(category: u8, number: u8) -> Token {
        Token(((category as u16) << 8) | number as u16)
    }

    /// The category octet.
    pub fn category(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// The number within the category.
    pub fn number(self) -> u8 {
        (self.0 & 0xFF) as u8
    }

    /// Whether this is an integer (categories 0x00–0x3F).
    pub fn is_integer(self) -> bool {
        self.0 & 0xC000 == 0
    }

    /// The integer value (14-bit two's complement), if an integer.
    pub fn integer(self) -> Option<i16> {
        if !self.is_integer() {
            return None;
        }
        let raw = (self.0 & 0x3FFF) as i16;
        Some(if raw & 0x2000 != 0 { raw - 0x4000 } else { raw })
    }

    /// An integer token; `None` outside -8192..=8191.
    pub fn from_integer(value: i32) -> Option<Token> {
        if !(-8192..=8191).contains(&value) {
            return None;
        }
        Some(Token((value as u16) & 0x3FFF))
    }

    /// A text token (one octet of UTF-8).
    pub fn text(byte: u8) -> Token {
        Token::new(category::TEXT, byte)
    }

    /// Whether this is a text token.
    pub fn is_text(self) -> bool {
        self.category() == category::TEXT
    }

    /// Whether this is a power.
    pub fn is_power(self) -> bool {
        self.category() == category::POWER
    }

    /// Whether this is a province.
    pub fn is_province(self) -> bool {
        (category::PROVINCE_FIRST..=category::PROVINCE_LAST).contains(&self.category())
    }

    /// Whether this is a coast.
    pub fn is_coast(self) -> bool {
        self.category() == category::COAST
    }

    /// Whether the token may never be sent (the reserved categories, protocol 4.17).
    pub fn is_reserved(self) -> bool {
        (category::RESERVED_FIRST..=category::RESERVED_LAST).contains(&self.category())
    }

    /// The protocol's name of a fixed token (`HLO`, `AUS`, `ADR`), if it has one.
    pub fn name(self) -> Option<&'static str> {
        TABLE
            .iter()
            .chain(STANDARD_PROVINCES.iter())
            .find(|(v, _)| *v == self.0)
            .map(|(_, n)| *n)
    }

    /// The fixed token named `name` (case-insensitive), if any.
    pub fn named(name: &str) -> Option<Token> {
        TABLE
            .iter()
            .chain(STANDARD_PROVINCES.iter())
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
            .map(|(v, _)| Token(*v))
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Token::BRA {
            return f.write_str("(");
        }
        if *self == Token::KET {
            return f.write_str(")");
        }
        if let Some(n) = self.integer() {
            return write!(f, "{n}");
        }
        if self.is_text() {
            return write!(f, "'{}'", self.number() as char);
        }
        match self.name() {
            Some(n) => f.write_str(n),
            None => write!(f, "0x{:04X}", self.0),
        }
    }
}

/// Text as text tokens (UTF-8 octets).
pub fn text_tokens(text: &str) -> impl Iterator<Item = Token> + '_ {
    text.bytes().map(Token::text)
}

macro_rules! tokens {
    ($($name:ident = $value:expr;)*) => {
        $(
            #[doc = concat!("`", stringify!($name), "`")]
            pub const $name: Token = Token($value);
        )*
        /// Every named token of the protocol document but the provinces.
        pub(crate) const TABLE: &[(u16, &str)] = &[$(($value, stringify!($name)),)*];
    };
}

/// The named tokens (protocol 4.4–4.14).
pub mod names {
    use super::Token;
    tokens! {
        BRA = 0x4000; KET = 0x4001;
        AUS = 0x4100; ENG = 0x4101; FRA = 0x4102; GER = 0x4103; ITA = 0x4104; RUS = 0x4105;
        TUR = 0x4106;
        AMY = 0x4200; FLT = 0x4201;
        CTO = 0x4320; CVY = 0x4321; HLD = 0x4322; MTO = 0x4323; SUP = 0x4324; VIA = 0x4325;
        DSB = 0x4340; RTO = 0x4341; BLD = 0x4380; REM = 0x4381; WVE = 0x4382;
        MBV = 0x4400; BPR = 0x4401; CST = 0x4402; ESC = 0x4403; FAR = 0x4404; HSC = 0x4405;
        NAS = 0x4406; NMB = 0x4407; NMR = 0x4408; NRN = 0x4409; NRS = 0x440A; NSA = 0x440B;
        NSC = 0x440C; NSF = 0x440D; NSP = 0x440E; NSU = 0x4410; NVR = 0x4411;
        NYU = 0x4412; YSC = 0x4413;
        SUC = 0x4500; BNC = 0x4501; CUT = 0x4502; DSR = 0x4503; FLD = 0x4504; NSO = 0x4505;
        RET = 0x4506;
        NCS = 0x4600; NEC = 0x4602; ECS = 0x4604; SEC = 0x4606; SCS = 0x4608; SWC = 0x460A;
        WCS = 0x460C; NWC = 0x460E;
        SPR = 0x4700; SUM = 0x4701; FAL = 0x4702; AUT = 0x4703; WIN = 0x4704;
        CCD = 0x4800; DRW = 0x4801; FRM = 0x4802; GOF = 0x4803; HLO = 0x4804; HST = 0x4805;
        HUH = 0x4806; IAM = 0x4807; LOD = 0x4808; MAP = 0x4809; MDF = 0x480A; MIS = 0x480B;
        NME = 0x480C; NOT = 0x480D; NOW = 0x480E; OBS = 0x480F; OFF = 0x4810; ORD = 0x4811;
        OUT = 0x4812; PRN = 0x4813; REJ = 0x4814; SCO = 0x4815; SLO = 0x4816; SND = 0x4817;
        SUB = 0x4818; SVE = 0x4819; THX = 0x481A; TME = 0x481B; YES = 0x481C; ADM = 0x481D;
        SMR = 0x481E;
        AOA = 0x4900; BTL = 0x4901; ERR = 0x4902; LVL = 0x4903; MRT = 0x4904; MTL = 0x4905;
        NPB = 0x4906; NPR = 0x4907; PDA = 0x4908; PTL = 0x4909; RTL = 0x490A; UNO = 0x490B;
        DSD = 0x490D;
        ALY = 0x4A00; AND = 0x4A01; BWX = 0x4A02; DMZ = 0x4A03; ELS = 0x4A04; EXP = 0x4A05;
        FWD = 0x4A06; FCT = 0x4A07; FOR = 0x4A08; HOW = 0x4A09; IDK = 0x4A0A; IFF = 0x4A0B;
        INS = 0x4A0C; OCC = 0x4A0E; ORR = 0x4A0F; PCE = 0x4A10; POB = 0x4A11; PRP = 0x4A13;
        QRY = 0x4A14; SCD = 0x4A15; SRY = 0x4A16; SUG = 0x4A17; THK = 0x4A18; THN = 0x4A19;
        TRY = 0x4A1A; VSS = 0x4A1C; WHT = 0x4A1D; WHY = 0x4A1E; XDO = 0x4A1F; XOY = 0x4A20;
        YDO = 0x4A21; CHO = 0x4A22; BCC = 0x4A23; UNT = 0x4A24; CCL = 0x4A25; NAR = 0x4A26;
    }
}

pub(crate) use names::TABLE;

/// The standard map's province tokens (protocol 4.16), in number order.
pub const STANDARD_PROVINCES: &[(u16, &str)] = &[
    (0x5000, "BOH"),
    (0x5001, "BUR"),
    (0x5002, "GAL"),
    (0x5003, "RUH"),
    (0x5004, "SIL"),
    (0x5005, "TYR"),
    (0x5006, "UKR"),
    (0x5107, "BUD"),
    (0x5108, "MOS"),
    (0x5109, "MUN"),
    (0x510A, "PAR"),
    (0x510B, "SER"),
    (0x510C, "VIE"),
    (0x510D, "WAR"),
    (0x520E, "ADR"),
    (0x520F, "AEG"),
    (0x5210, "BAL"),
    (0x5211, "BAR"),
    (0x5212, "BLA"),
    (0x5213, "EAS"),
    (0x5214, "ECH"),
    (0x5215, "GOB"),
    (0x5216, "GOL"),
    (0x5217, "HEL"),
    (0x5218, "ION"),
    (0x5219, "IRI"),
    (0x521A, "MAO"),
    (0x521B, "NAO"),
    (0x521C, "NTH"),
    (0x521D, "NWG"),
    (0x521E, "SKA"),
    (0x521F, "TYS"),
    (0x5220, "WES"),
    (0x5421, "ALB"),
    (0x5422, "APU"),
    (0x5423, "ARM"),
    (0x5424, "CLY"),
    (0x5425, "FIN"),
    (0x5426, "GAS"),
    (0x5427, "LVN"),
    (0x5428, "NAF"),
    (0x5429, "PIC"),
    (0x542A, "PIE"),
    (0x542B, "PRU"),
    (0x542C, "SYR"),
    (0x542D, "TUS"),
    (0x542E, "WAL"),
    (0x542F, "YOR"),
    (0x5530, "ANK"),
    (0x5531, "BEL"),
    (0x5532, "BER"),
    (0x5533, "BRE"),
    (0x5534, "CON"),
    (0x5535, "DEN"),
    (0x5536, "EDI"),
    (0x5537, "GRE"),
    (0x5538, "HOL"),
    (0x5539, "KIE"),
    (0x553A, "LON"),
    (0x553B, "LVP"),
    (0x553C, "MAR"),
    (0x553D, "NAP"),
    (0x553E, "NWY"),
    (0x553F, "POR"),
    (0x5540, "ROM"),
    (0x5541, "RUM"),
    (0x5542, "SEV"),
    (0x5543, "SMY"),
    (0x5544, "SWE"),
    (0x5545, "TRI"),
    (0x5546, "TUN"),
    (0x5547, "VEN"),
    (0x5748, "BUL"),
    (0x5749, "SPA"),
    (0x574A, "STP"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_fourteen_bit_twos_complement() {
        for v in [-8192, -1, 0, 1, 1901, 8191] {
            let t = Token::from_integer(v).expect("in range");
            assert_eq!(t.integer(), Some(v as i16));
        }
        assert_eq!(Token::from_integer(-1), Some(Token(0x3FFF)));
        assert_eq!(Token::from_integer(8192), None);
        assert_eq!(Token::from_integer(-8193), None);
        assert_eq!(names::HLO.integer(), None);
    }

    #[test]
    fn names_follow_the_protocol_table() {
        assert_eq!(Token::named("hlo"), Some(Token(0x4804)));
        assert_eq!(Token(0x574A).name(), Some("STP"));
        assert_eq!(Token(0x4A26).name(), Some("NAR"));
        // The standard provinces number 0 to 74 without gaps.
        for (i, (v, _)) in STANDARD_PROVINCES.iter().enumerate() {
            assert_eq!(Token(*v).number() as usize, i);
            assert!(Token(*v).is_province());
        }
        assert_eq!(STANDARD_PROVINCES.len(), 75);
    }
}
