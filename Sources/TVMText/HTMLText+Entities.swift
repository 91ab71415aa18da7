extension HTMLText {
    /// The named character references `HTMLText` decodes, and HTML5's remapping of numeric references 128–159.
    enum Entities {
        /// Looks up a named reference (case-sensitive, without `&` and `;`).
        static func scalar(named name: String) -> Unicode.Scalar? {
            if let offset = latin1Names.firstIndex(of: name) {
                return Unicode.Scalar(UInt32(0xA0 + offset))
            }
            return others[name]
        }

        /// The HTML 4 names of U+00A0 … U+00FF, in code point order.
        private static let latin1Names: [String] = [
            "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect",
            "uml", "copy", "ordf", "laquo", "not", "shy", "reg", "macr",
            "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot",
            "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
            "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil",
            "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml",
            "ETH", "Ntilde", "Ograve", "Oacute", "Ocirc", "Otilde", "Ouml", "times",
            "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN", "szlig",
            "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
            "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml",
            "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide",
            "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
        ]

        /// Other names seen in community-written summaries: markup, punctuation, a few letters and symbols.
        private static let others: [String: Unicode.Scalar] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
            "hellip": "\u{2026}", "mdash": "\u{2014}", "ndash": "\u{2013}", "minus": "\u{2212}",
            "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}",
            "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}",
            "lsaquo": "\u{2039}", "rsaquo": "\u{203A}", "prime": "\u{2032}", "Prime": "\u{2033}",
            "bull": "\u{2022}", "dagger": "\u{2020}", "Dagger": "\u{2021}", "permil": "\u{2030}",
            "euro": "\u{20AC}", "trade": "\u{2122}", "larr": "\u{2190}", "rarr": "\u{2192}",
            "uarr": "\u{2191}", "darr": "\u{2193}", "harr": "\u{2194}", "hearts": "\u{2665}",
            "star": "\u{2606}", "check": "\u{2713}",
            "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}",
            "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}",
            "OElig": "\u{0152}", "oelig": "\u{0153}", "Scaron": "\u{0160}", "scaron": "\u{0161}",
            "Yuml": "\u{0178}", "fnof": "\u{0192}", "circ": "\u{02C6}", "tilde": "\u{02DC}",
            "Alpha": "\u{0391}", "Beta": "\u{0392}", "Gamma": "\u{0393}", "Delta": "\u{0394}",
            "Omega": "\u{03A9}", "alpha": "\u{03B1}", "beta": "\u{03B2}", "gamma": "\u{03B3}",
            "delta": "\u{03B4}", "pi": "\u{03C0}", "mu": "\u{03BC}", "omega": "\u{03C9}",
            "infin": "\u{221E}", "ne": "\u{2260}", "le": "\u{2264}", "ge": "\u{2265}",
        ]

        /// Numeric references 0x80–0x9F name Windows-1252 characters in HTML5, not C1 controls.
        static let windows1252: [UInt32: Unicode.Scalar] = [
            0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
            0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
            0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
            0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
            0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
            0x9E: "\u{017E}", 0x9F: "\u{0178}",
        ]
    }
}
