// Argument readers and pushers: accepted forms, and the exact messages for rejected values.
import Testing
@testable import KineticLuaBridge

@Suite struct ConversionTests {
    /// A state with `t.echo(kind, value)` that reads `value` as `kind` and pushes it back.
    func echoState() throws -> LuaState {
        let state = try makeState()
        state.registerModule("t", functions: [
            ("point", { lua in lua.push(try lua.point(1, "anchor")); return 1 }),
            ("size", { lua in lua.push(try lua.size(1, "size")); return 1 }),
            ("frame", { lua in lua.push(try lua.frame(1, "frame")); return 1 }),
            ("color", { lua in lua.push(try lua.color(1, "fill")); return 1 }),
            ("number", { lua in lua.push(try lua.number(1)); return 1 }),
            ("integer", { lua in lua.push(try lua.integer(1, "count")); return 1 }),
            ("string", { lua in lua.push(try lua.string(1)); return 1 }),
            ("boolean", { lua in lua.push(try lua.boolean(1, "active")); return 1 }),
            ("mode", { lua in lua.push(try lua.choice(1, "mode", in: ["continuous", "instantaneous"])); return 1 }),
            ("def", { lua in
                let def = try lua.table(1, "definition")
                try def.checkFields(["elasticity", "friction", "density", "center"])
                lua.push(try def.number("elasticity", default: 0.5))
                return 1
            }),
        ])
        return state
    }

    func message(_ source: String, _ state: LuaState) -> String? {
        luaError(of: source, in: state)?.message
    }

    @Test func pointsAcceptArrayAndKeyedFormsAndComeBackKeyed() throws {
        let state = try echoState()
        #expect(try state.run("local p = t.point{3, 4} return p.x, p.y, p[1]") == [.number(3), .number(4), .nil])
        #expect(try state.run("local p = t.point{x = -1.5, y = 2} return p.x, p.y") == [.number(-1.5), .number(2)])
        #expect(message("t.point(nil)", state) == "chunk:1: t.point: 'anchor' must be a point {x, y}, got nil")
        #expect(message("t.point{1}", state) == "chunk:1: t.point: 'anchor' must be a point {x, y}, got {1, nil}")
        #expect(message("t.point{ x = 5 }", state) == "chunk:1: t.point: 'anchor' must be a point {x, y}, got {5, nil}")
        #expect(message("t.point{ x = 5, y = 'a' }", state) == "chunk:1: t.point: 'anchor' must be a point {x, y}, got {5, \"a\"}")
        #expect(message("t.point{0/0, 1}", state) == "chunk:1: t.point: 'anchor' must be a point {x, y} of finite numbers, got {nan, 1}")
        #expect(message("t.point{x = -math.huge, y = 0.5}", state) == "chunk:1: t.point: 'anchor' must be a point {x, y} of finite numbers, got {-inf, 0.5}")
        #expect(message("t.point('3,4')", state) == "chunk:1: t.point: 'anchor' must be a point {x, y}, got \"3,4\"")
    }

    @Test func sizesAndFramesAcceptBothFormsAndRejectNegativeSides() throws {
        let state = try echoState()
        #expect(try state.run("local s = t.size{10, 20} return s.width, s.height") == [.number(10), .number(20)])
        #expect(try state.run("local s = t.size{width = 1, height = 2} return s.width, s.height") == [.number(1), .number(2)])
        #expect(try state.run("local f = t.frame{1, 2, 3, 4} return f.x, f.y, f.width, f.height")
                == [.number(1), .number(2), .number(3), .number(4)])
        #expect(try state.run("local f = t.frame{x = 1, y = 2, width = 3, height = 4} return f.width")
                == [.number(3)])
        #expect(message("t.size{-1, 2}", state) == "chunk:1: t.size: 'size' must be a size {width, height} with no negative side, got {-1.0, 2.0}")
        #expect(message("t.frame{1, 2, 3}", state) == "chunk:1: t.frame: 'frame' must be a frame {x, y, width, height}, got {1, 2, 3, nil}")
        #expect(message("t.size{0/0, 2}", state) == "chunk:1: t.size: 'size' must be a size {width, height} of finite numbers, got {nan, 2}")
        #expect(message("t.frame{1, 2, math.huge, 4}", state) == "chunk:1: t.frame: 'frame' must be a frame {x, y, width, height} of finite numbers, got {1, 2, inf, 4}")
    }

    @Test func coloursAcceptHexAndCSSNames() throws {
        let state = try echoState()
        #expect(try state.run("return t.color('#BDE3F7')") == [.string("#bde3f7")])
        #expect(try state.run("return t.color('#ff000080')") == [.string("#ff000080")])
        #expect(try state.run("return t.color('#f00')") == [.string("#ff0000")])
        #expect(try state.run("return t.color('RebeccaPurple')") == [.string("#663399")])
        #expect(try state.run("return t.color('transparent')") == [.string("#00000000")])
        #expect(message("t.color('#12345')", state)
                == "chunk:1: t.color: 'fill' must be a colour (\"#rrggbb\", \"#rrggbbaa\" or a CSS colour name), got \"#12345\"")
        #expect(message("t.color('tomatoe')", state)
                == "chunk:1: t.color: 'fill' must be a colour (\"#rrggbb\", \"#rrggbbaa\" or a CSS colour name), got \"tomatoe\" (did you mean \"tomato\"?)")
        // The short forms with alpha, and nothing around the string (docs/semantics.md).
        #expect(try state.run("return t.color('#F808')") == [.string("#ff880088")])
        #expect(message("t.color(' #fff')", state)
                == "chunk:1: t.color: 'fill' must be a colour (\"#rrggbb\", \"#rrggbbaa\" or a CSS colour name), got \" #fff\"")
        #expect(message("t.color('Tomatoe')", state)?.hasSuffix("(did you mean \"tomato\"?)") == true)
        #expect(message("t.color(12)", state)?.hasSuffix("got 12") == true)
    }

    @Test func scalarsAreStrictAndNamed() throws {
        let state = try echoState()
        #expect(try state.run("return t.number(2.5), t.integer(3.0), t.string('s'), t.boolean(false)")
                == [.number(2.5), .integer(3), .string("s"), .boolean(false)])
        #expect(message("t.number('2')", state) == "chunk:1: t.number: argument #1 must be a number, got \"2\"")
        #expect(message("t.number(0/0)", state) == "chunk:1: t.number: argument #1 must be a finite number, got nan")
        #expect(message("t.number(math.huge)", state) == "chunk:1: t.number: argument #1 must be a finite number, got inf")
        #expect(message("t.integer(1.5)", state) == "chunk:1: t.integer: 'count' must be an integer, got 1.5")
        #expect(message("t.string(12)", state) == "chunk:1: t.string: argument #1 must be a string, got 12")
        #expect(message("t.boolean(nil)", state) == "chunk:1: t.boolean: 'active' must be a boolean, got nil")
        #expect(message("t.mode('continous')", state)
                == "chunk:1: t.mode: 'mode' must be one of \"continuous\", \"instantaneous\", got \"continous\" (did you mean \"continuous\"?)")
    }

    @Test func unknownFieldsAreReportedWithTheNearestName() throws {
        let state = try echoState()
        #expect(try state.run("return t.def{ elasticity = 0.8, [1] = 'array part is ignored' }") == [.number(0.8)])
        #expect(try state.run("return t.def{}") == [.number(0.5)])
        #expect(message("t.def{ elastcity = 0.8 }", state) == "chunk:1: t.def: unknown field 'elastcity'; did you mean 'elasticity'?")
        #expect(message("t.def{ zzz = 1 }", state) == "chunk:1: t.def: unknown field 'zzz'")
        // Several unknown fields: the first in sorted order is reported, whatever lua_next's order (V16).
        for _ in 0..<5 {
            #expect(message("t.def{ wq = 1, frction = 2, bb = 3 }", state) == "chunk:1: t.def: unknown field 'bb'")
        }
    }

    @Test func nearestNameToleratesSmallTyposOnly() {
        #expect(nearestName(to: "cetner", in: ["center", "angle"]) == "center")
        #expect(nearestName(to: "velocity", in: ["center", "angle"]) == nil)
        #expect(nearestName(to: "Angel", in: ["center", "angle"]) == "angle")
    }

    /// Suggestions come only from names within the edit limit, also when the unknown name is far longer
    /// than any known one (a level's 20 MB colour string once spent 36 s in edit distances, found by
    /// the Lua fuzzer): lengths further apart than the limit are not compared.
    @Test func nearestNameSuggestsOnlyNamesWithinTheLimit() {
        #expect(nearestName(to: "elastcity", in: ["elasticity", "friction"]) == "elasticity")
        #expect(nearestName(to: "frictio", in: ["elasticity", "friction"]) == "friction")
        #expect(nearestName(to: "redd", in: ["red", "green"]) == "red")
        #expect(nearestName(to: "reddish", in: ["red", "green"]) == nil, "four edits away")
        #expect(nearestName(to: String(repeating: "x", count: 20 * 1024 * 1024), in: ["red", "green", "xxxxx"]) == nil)
    }

    /// A port from Box2D, LÖVE or UIKit code spells a field or method by that engine's name, which no
    /// edit distance brings close to Kinetic's; the suggestion names the counterpart when it is known.
    @Test func nearestNameKnowsThePeersNames() {
        #expect(nearestName(to: "restitution", in: ["elasticity", "friction", "density"]) == "elasticity")
        #expect(nearestName(to: "linearDamping", in: ["resistance", "angularResistance"]) == "resistance")
        #expect(nearestName(to: "setLinearVelocity", in: ["velocity", "linearVelocity"]) == "velocity")
        #expect(nearestName(to: "applyLinearImpulse", in: ["applyImpulse", "applyForce"]) == "applyImpulse")
        #expect(nearestName(to: "print", in: ["text", "rect"]) == "text")
        #expect(nearestName(to: "beginContact", in: ["items", "began", "ended"]) == "began")
        #expect(nearestName(to: "circle", in: ["rectangle", "ellipse", "path"]) == "ellipse")
        // Box2D's pre-solve and LÖVE's Contact:setEnabled, used for one-way platforms.
        #expect(nearestName(to: "preSolve", in: ["sensor", "oneWay", "data"]) == "oneWay")
        #expect(nearestName(to: "setEnabled", in: ["sensor", "oneWay", "velocity"]) == "oneWay")
        // Only when the counterpart is one of the known names.
        #expect(nearestName(to: "restitution", in: ["center", "angle"]) == nil)
    }

    @Test func valuesRoundTripThroughTheHostStack() throws {
        let state = try makeState()
        let f = try state.load("return ...", name: "echo")
        let values: [LuaValue] = [.nil, .boolean(true), .integer(-3), .number(0.25), .string("a\0b")]
        #expect(try state.call(f, values) == values)
    }
}
