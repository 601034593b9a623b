// Polygons sliding over the joints of segment chains must not catch on them.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct ChainJointTests {
    /// A 10 × 10 box resting 0.01 deep on y = 0, its right side 0.1 short of x = 0.
    let box10 = box(5, 5)
    let beforeJoint = Transform(Vec2(-5.1, 4.99), 0)

    @Test func flatJointIsNoWall() {
        // Two collinear segments meeting at the origin. Alone, the second one sees the box's corner
        // 0.1 away across its end point and pushes it back sideways: the catch.
        let plain = Geometry.segment(Segment(Vec2(0, 0), Vec2(100, 0)))
        let wall = collide(plain, .identity, box10, beforeJoint, speculativeDistance: speculative)
        #expect(wall.pointCount == 1 && abs(wall.normal.x) > 0.9)
        // As chain segments, the second one has no contact yet and the first one holds the box up.
        let chain = Segment.chain(through: [Vec2(-100, 0), Vec2(0, 0), Vec2(100, 0)], isLoop: false)
        #expect(collide(.segment(chain[1]), .identity, box10, beforeJoint, speculativeDistance: speculative).pointCount == 0)
        let first = collide(.segment(chain[0]), .identity, box10, beforeJoint, speculativeDistance: speculative)
        #expect(first.pointCount == 2 && near(first.normal, Vec2(0, 1), 1e-12) && near(first.point0.separation, -0.01, 1e-12))
        // Straddling the joint, both segments hold it with upward normals (one point each side).
        let across = Transform(Vec2(1, 4.99), 0)
        for segment in chain {
            let m = collide(.segment(segment), .identity, box10, across, speculativeDistance: speculative)
            #expect(m.pointCount >= 1 && near(m.normal, Vec2(0, 1), 1e-12))
        }
        // From below, the same joint pushes down.
        let below = collide(.segment(chain[1]), .identity, box10, Transform(Vec2(-5.1, -4.99), 0), speculativeDistance: speculative)
        #expect(below.pointCount == 0)
        let belowAcross = collide(.segment(chain[1]), .identity, box10, Transform(Vec2(1, -4.99), 0), speculativeDistance: speculative)
        #expect(belowAcross.pointCount >= 1 && near(belowAcross.normal, Vec2(0, -1), 1e-12))
    }

    @Test func convexJointBelongsToOneSegment() {
        // A hill: flat to the origin, then down at slope −0.2. The box overhangs the crest by 2; it
        // rests on the first segment's face, and the second does not add a contact at the crest.
        let chain = Segment.chain(through: [Vec2(-100, 0), Vec2(0, 0), Vec2(100, -20)], isLoop: false)
        let overhang = Transform(Vec2(-3, 4.99), 0)
        let first = collide(.segment(chain[0]), .identity, box10, overhang, speculativeDistance: speculative)
        #expect(first.pointCount >= 1 && near(first.normal, Vec2(0, 1), 1e-12))
        #expect(collide(.segment(chain[1]), .identity, box10, overhang, speculativeDistance: speculative).pointCount == 0)
        // A box resting on the downhill face far from the crest is the second segment's business.
        let n2 = Vec2(100, -20).normalized.leftPerp
        let downhill = Transform(Vec2(50, -10) + 4.99 * n2, atan2(-20, 100))
        let second = collide(.segment(chain[1]), .identity, box10, downhill, speculativeDistance: speculative)
        #expect(second.pointCount == 2 && near(second.normal, n2, 1e-9))
    }

    @Test func concaveJointIsAFaceNotAWall() {
        // A shallow bowl: flat, then up at 3°. With the box's lower right corner 0.1 before the
        // joint, a plain segment pushes it back sideways from the ramp's end point; the chain
        // segment has no contact yet (the corner is not over the ramp; the first segment holds the
        // box), and once the corner is over the ramp the contact uses the ramp's normal, so the box
        // rides up instead of stopping.
        let ramp = Vec2(cos(0.0524), sin(0.0524))
        let chain = Segment.chain(through: [Vec2(-100, 0), Vec2(0, 0), 100 * ramp], isLoop: false)
        let m = collide(.segment(chain[1]), .identity, box10, beforeJoint, speculativeDistance: speculative)
        #expect(m.pointCount == 0)
        let plain = collide(.segment(Segment(Vec2(0, 0), 100 * ramp)), .identity, box10, beforeJoint, speculativeDistance: speculative)
        #expect(plain.pointCount == 1 && abs(plain.normal.x) > 0.9)
        // Past the joint, on the ramp, the corner touches the ramp face.
        let onRamp = collide(.segment(chain[1]), .identity, box10, Transform(Vec2(0.5, 4.99), 0), speculativeDistance: speculative)
        #expect(onRamp.pointCount >= 1 && near(onRamp.normal, ramp.leftPerp, 1e-9))
    }

    @Test func openEndsStayEdges() {
        // At the open end of a chain a box does hit the end point from the side.
        let chain = Segment.chain(through: [Vec2(0, 0), Vec2(100, 0), Vec2(200, 0)], isLoop: false)
        let m = collide(.segment(chain[0]), .identity, box10, beforeJoint, speculativeDistance: speculative)
        #expect(m.pointCount == 1 && abs(m.normal.x) > 0.9)
    }

    @Test func chainNeighbours() {
        let p = [Vec2(0, 0), Vec2(1, 0), Vec2(2, 1), Vec2(3, 3)]
        let open = Segment.chain(through: p, isLoop: false)
        #expect(open.count == 3)
        #expect(open[0] == Segment(p[0], p[1], previous: nil, next: p[2]))
        #expect(open[1] == Segment(p[1], p[2], previous: p[0], next: p[3]))
        #expect(open[2] == Segment(p[2], p[3], previous: p[1], next: nil))
        let loop = Segment.chain(through: p, isLoop: true)
        #expect(loop.count == 4)
        #expect(loop[0] == Segment(p[0], p[1], previous: p[3], next: p[2]))
        #expect(loop[3] == Segment(p[3], p[0], previous: p[2], next: p[1]))
    }

    @Test func slidingAcrossManyJointsMeetsNoWall() {
        // A floor of 2-long segments, flat, then gently wavy (turns of ±2°, convex and concave).
        // A box slid along it at every 0.05, resting 0.01 deep and slightly tilted, only ever gets
        // normals within 0.1 of straight up: never the sideways normal of a caught corner.
        var points: [Vec2] = []
        for k in 0...30 { points.append(Vec2(Double(k) * 2 - 30, 0)) }
        for (name, path) in [("flat", points), ("wavy", points.enumerated().map { Vec2($0.element.x, $0.offset % 2 == 0 ? 0 : 0.07) })] {
            let chain = Segment.chain(through: path, isLoop: false)
            var x = -20.0
            while x <= 20 {
                for angle in [0.0, 0.004, -0.004] {
                    let xf = Transform(Vec2(x, 4.99 + (name == "wavy" ? 0.07 : 0)), angle)
                    var contacts = 0
                    for segment in chain {
                        let m = collide(.segment(segment), .identity, box10, xf, speculativeDistance: speculative)
                        contacts += m.pointCount
                        if m.pointCount > 0 { #expect(m.normal.y > 0.995, "\(name) x \(x) angle \(angle): normal \(m.normal)") }
                    }
                    #expect(contacts >= 2, "\(name) x \(x): the box must stay supported")
                }
                x += 0.05
            }
        }
    }
}
