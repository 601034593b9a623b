// "Did you mean": the one edit-distance helper, for every message that names an unknown field, key,
// choice, colour or level field and suggests the known name a typo most likely meant.

/// The known name closest to `name` by edit distance, if it is close enough to be a likely typo;
/// first, Kinetic's name for a peer engine's spelling (`restitution` → `elasticity`), when it is known.
public func nearestName(to name: String, in known: [String]) -> String? {
    if let counterpart = peerNames[name.lowercased()], known.contains(counterpart) { return counterpart }
    let target = Array(name.lowercased().utf8)
    let limit = max(1, min(3, target.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in known {
        let other = Array(candidate.lowercased().utf8)
        // Lengths further apart than the limit are further apart in edits too: skipping them keeps
        // the answer and keeps a level's 20 MB string from costing minutes of edit distances.
        guard abs(other.count - target.count) <= limit else { continue }
        let d = editDistance(target, other)
        if best == nil || d < best!.distance { best = (candidate, d) }
    }
    guard let best, best.distance <= limit else { return nil }
    return best.name
}

/// Levenshtein distance with adjacent transpositions counted as one edit.
func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], previous2[j - 2] + 1)
            }
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}

/// What Box2D, LÖVE (love.physics, love.graphics) and UIKit call a field or method that Kinetic names
/// otherwise, lower-cased, with Kinetic's name: levels are ported from their code, and no edit
/// distance leads from one spelling to the other.
let peerNames: [String: String] = [
    // Box2D / love.physics bodies and fixtures
    "restitution": "elasticity", "lineardamping": "resistance", "angulardamping": "angularResistance",
    "fixedrotation": "allowsRotation", "issensor": "sensor", "setsensor": "sensor",
    "setlinearvelocity": "velocity", "getlinearvelocity": "linearVelocity",
    "setangularvelocity": "angularVelocity", "getangularvelocity": "angularVelocity",
    "applylinearimpulse": "applyImpulse", "setposition": "center", "getposition": "position",
    "getx": "x", "gety": "y", "setx": "x", "sety": "y", "getangle": "angle", "setangle": "angle",
    "getmass": "mass", "getuserdata": "data", "setuserdata": "data", "userdata": "data",
    "lowerangle": "range", "upperangle": "range", "lowertranslation": "range", "uppertranslation": "range",
    "enablelimit": "range", "setlimits": "range", "localaxisa": "axis", "bodyb": "to",
    "maxmotortorque": "frictionTorque", "setmaxmotortorque": "frictionTorque",
    "maxmotorforce": "frictionForce", "setmaxmotorforce": "frictionForce", "setmotorspeed": "motorSpeed",
    // body types (b2BodyType; love.physics.newBody's type): item behaviour fields
    "kinematicbody": "kinematic", "b2_kinematicbody": "kinematic", "iskinematic": "kinematic",
    "static": "anchored", "staticbody": "anchored", "b2_staticbody": "anchored", "isstatic": "anchored",
    // contact callbacks (Box2D's listener, LÖVE's World:setCallbacks)
    "begincontact": "began", "endcontact": "ended",
    // one-way platforms: Box2D's pre-solve and LÖVE's Contact:setEnabled disable a contact per step
    "presolve": "oneWay", "setenabled": "oneWay", "onesided": "oneWay", "onewayplatform": "oneWay",
    // shape kinds (love.physics.newCircleShape, newPolygonShape; UIKit's .ellipse, .path)
    "circle": "ellipse", "polygon": "path",
    // love.graphics
    "print": "text", "printf": "text", "rectangle": "rect", "draw": "image",
    // UIKit
    "translatesreferenceboundsintoboundary": "referenceBounds", "collisionmode": "mode",
    "anchorpoint": "anchor", "attacheditem": "to", "frequencyinhertz": "frequency",
]

/// What to write instead of a peer engine's member that has no one Kinetic name (lower-cased):
/// a body's type is not set on the item but by an item behaviour.
let peerHints: [String: String] = [
    "settype": bodyTypeHint, "gettype": bodyTypeHint, "setkinematic": bodyTypeHint, "setstatic": bodyTypeHint,
]

let bodyTypeHint = "an item's body type comes from an item behaviour: kinetic.itemBehavior{ items = {...}, kinematic = true } "
    + "(Box2D's b2_kinematicBody, LÖVE's setType(\"kinematic\")) or anchored = true (static)"

/// What Kinetic says instead of the peer engine's `name`, when no single name of its own matches
/// (`setType` → the item behaviour's `kinematic` or `anchored`); nil for any other name.
public func peerHint(for name: String) -> String? { peerHints[name.lowercased()] }
