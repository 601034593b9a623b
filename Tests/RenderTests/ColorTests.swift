// Colour strings as levels write them: the one parser (`Color(parsing:)`) that `Lua.color` reads
// every level colour through, and the syntax docs/semantics.md decides.

import KineticRender
import Testing

@Suite struct ColorTests {
    @Test func hexForms() {
        #expect(Color(parsing: "#ff8000") == Color(red8: 255, green8: 128, blue8: 0))
        #expect(Color(parsing: "#FF800080") == Color(red8: 255, green8: 128, blue8: 0, alpha8: 128))
        // Short forms double each digit, as CSS does: #f80 == #ff8800, #f808 == #ff880088.
        #expect(Color(parsing: "#f80") == Color(red8: 255, green8: 136, blue8: 0))
        #expect(Color(parsing: "#f808") == Color(red8: 255, green8: 136, blue8: 0, alpha8: 136))
        #expect(Color(parsing: "#F808") == Color(parsing: "#ff880088"))
    }

    @Test func namedColoursFollowCSSNotX11() {
        #expect(Color.cssNames.count == 148)
        #expect(Color.names.count == 149 && Color.names.contains("transparent") && Color.names == Color.names.sorted())
        #expect(Color(parsing: "rebeccapurple") == Color(red8: 0x66, green8: 0x33, blue8: 0x99))
        #expect(Color(parsing: "Gray") == Color(red8: 128, green8: 128, blue8: 128)) // X11 gray is #bebebe
        #expect(Color(parsing: "green") == Color(red8: 0, green8: 128, blue8: 0))     // X11 green is #00ff00
        #expect(Color(parsing: "grey") == Color(parsing: "gray"))
        #expect(Color(parsing: "transparent") == .transparent)
        for (name, hex) in Color.cssNames {
            #expect(Color(parsing: name) != nil && Color(parsing: name) == Color(parsing: hex), "\(name)")
        }
    }

    @Test func descriptionRoundTrips() {
        #expect(Color(parsing: "tomato")?.description == "#ff6347")
        #expect(Color(parsing: "#12345678")?.description == "#12345678")
        #expect(Color(parsing: "#f808")?.description == "#ff880088")
    }

    /// What the two parsers this one replaced disagreed on: spaces around the string (one trimmed
    /// them, one refused them) and Unicode's fullwidth digits (`Character.hexDigitValue` takes them).
    @Test func spacesAndNonASCIIDigitsAreRefused() {
        for bad in ["  #000000 ", " red", "red ", "#fff\n", "#ｆｆｆ", "#１２３"] {
            #expect(Color(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func badValuesAreRefused() {
        for bad in ["#12", "#12345", "#1234567", "#123456789", "#ggg", "#zz0000", "", "#", "blu e", "123456",
                    "rgb(255, 0, 0)", "rgba(0,0,0,0.5)", "bleu"] {
            #expect(Color(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func componentsAreClamped() {
        let c = Color(red: 2, green: -1, blue: .nan, alpha: 0.5)
        #expect(c.red == 1 && c.green == 0 && c.blue == 0 && c.alpha == 0.5)
    }
}
