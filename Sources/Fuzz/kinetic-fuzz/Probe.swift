import Physics
import Foundation

func probeTunnel() {
    // Two circles, one prismatic joint far from satisfied.
    for (ra, rb, da, db) in [(5.0, 5.0, 1.0, 1.0), (21.0, 91.0, 26.6, 2.3), (5.0, 500.0, 1.0, 1.0), (50.0, 50.0, 1.0, 1.0)] {
      for (offset, refAngle) in [(0.0, 0.0), (100.0, 0.0), (3000.0, 0.0), (0.0, 2.0), (3000.0, 2.0)] {
        for limit in [false, true] {
        let world = World(WorldDef())
        var def = BodyDef(); def.position = Vec2(0, 0)
        let a = try! world.createBody(def)
        def.position = Vec2(200, 0)
        let b = try! world.createBody(def)
        var s = ShapeDef(); s.density = da
        _ = try! world.createShape(on: a, s, .circle(Circle(radius: ra)))
        s.density = db
        _ = try! world.createShape(on: b, s, .circle(Circle(radius: rb)))
        var p = PrismaticJointDef(); p.bodyA = a; p.bodyB = b
        p.localAnchorA = Vec2(offset, offset); p.localAnchorB = Vec2(-offset, 0); p.referenceAngle = refAngle
        p.localAxisA = Vec2(0.6, 0.8); p.enableLimit = limit; p.lowerTranslation = -5; p.upperTranslation = 5
        _ = try! world.createJoint(.prismatic(p))
        var worst = 0.0
        for _ in 0..<120 { world.step(by: 1.0 / 60); worst = max(worst, world.linearVelocity(of: a).length, world.linearVelocity(of: b).length); if !worst.isFinite { break } }
        print("r \(ra) \(rb) density \(da) \(db) offset \(offset) ref \(refAngle) limit \(limit): max speed \(worst)")
        }
      }
    }
}
