// Colour strings as levels write them, and the errors for the ones that are wrong.

import Render
import Testing

@Suite struct ColorTests {
    @Test func hexForms() throws {
        #expect(try Color(parsing: "#ff8000") == Color(red8: 255, green8: 128, blue8: 0))
        #expect(try Color(parsing: "#FF800080") == Color(red8: 255, green8: 128, blue8: 0, alpha8: 128))
        // Short forms double each digit, as CSS does: #f80 == #ff8800, #f808 == #ff880088.
        #expect(try Color(parsing: "#f80") == Color(red8: 255, green8: 136, blue8: 0))
        #expect(try Color(parsing: "#f808") == Color(red8: 255, green8: 136, blue8: 0, alpha8: 136))
        #expect(try Color(parsing: "  #000000 ") == .black)
    }

    @Test func namedColoursFollowCSSNotX11() throws {
        #expect(Color.cssNames.count == 148)
        #expect(try Color(parsing: "rebeccapurple") == Color(red8: 0x66, green8: 0x33, blue8: 0x99))
        #expect(try Color(parsing: "Gray") == Color(red8: 128, green8: 128, blue8: 128)) // X11 gray is #bebebe
        #expect(try Color(parsing: "green") == Color(red8: 0, green8: 128, blue8: 0))     // X11 green is #00ff00
        #expect(try Color(parsing: "grey") == (try Color(parsing: "gray")))
        #expect(try Color(parsing: "transparent").alpha == 0)
        for (name, hex) in Color.cssNames {
            #expect(try Color(parsing: name) == (try Color(parsing: hex)), "\(name)")
        }
    }

    @Test func descriptionRoundTrips() throws {
        #expect(try Color(parsing: "tomato").description == "#ff6347")
        #expect(try Color(parsing: "#12345678").description == "#12345678")
    }

    @Test func badValuesNameThemselves() {
        for bad in ["#12", "#12345", "#ggg", "", "#", "blu e", "123456"] {
            #expect(throws: ColorError.self, "\(bad)") { try Color(parsing: bad) }
        }
        do {
            _ = try Color(parsing: "#zz0000")
            Issue.record("#zz0000 parsed")
        } catch {
            #expect("\(error)".contains("'#zz0000'"))
        }
    }

    @Test func misspeltNameSuggestsTheNearest() {
        #expect(throws: ColorError(value: "bleu", suggestion: "blue")) { try Color(parsing: "bleu") }
        #expect(throws: ColorError(value: "cornflowerblu", suggestion: "cornflowerblue")) {
            try Color(parsing: "cornflowerblu")
        }
        // Nothing is close to this, so no suggestion is made.
        #expect(throws: ColorError(value: "spaceship", suggestion: nil)) { try Color(parsing: "spaceship") }
        #expect("\(ColorError(value: "bleu", suggestion: "blue"))".contains("did you mean 'blue'"))
    }

    @Test func componentsAreClamped() {
        let c = Color(red: 2, green: -1, blue: .nan, alpha: 0.5)
        #expect(c.red == 1 && c.green == 0 && c.blue == 0 && c.alpha == 0.5)
    }
}
