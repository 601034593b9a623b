// The force laws of every field kind (reference §2.11.2 with the decisions O9–O13). All return
// engine force, mass·pt/s² (= UIKit newtons × 100).
//
// Notation: r = p − position, d = max(‖r‖, minimumRadius), r̂ = r/‖r‖, s = strength,
// fall = (d / 100 pt)^(−falloff), K = 100. On a y-down screen, "counter-clockwise" (O11) is the
// turn from +x toward −y; the quarter turn of a vector (x, y) that way is (y, −x).
import Foundation
import KineticPhysics

enum FieldForce {
    static func force(_ f: FieldBehavior, _ sample: FieldSample) -> Vec2 {
        let k = Units.fieldUnit, s = f.strength
        let r = sample.position - f.position
        let rLength = r.length
        let rHat = rLength > 0 ? r / rLength : .zero
        let d = Swift.max(rLength, f.minimumRadius)
        let fall = f.falloff == 0 ? 1 : pow(Swift.max(d, 1e-9) / Units.pointsPerMeter, -f.falloff)
        let m = sample.mass, q = sample.charge, v = sample.velocity

        switch f.kind {
        case .linearGravity:
            // Uniform acceleration K·s·direction: every mass moves alike.
            return (m * k * s * fall) * f.direction
        case .radialGravity:
            // Acceleration toward the position (s > 0), inverse square by default.
            return (-m * k * s * fall) * rHat
        case .spring:
            // Hooke: with the default falloff −1, F = −K·s·(d/100)·r̂ = −s·r; not scaled by mass,
            // so heavier items swing slower (period 2π√(m/s)).
            return (-k * s * fall) * rHat
        case .electric:
            // Coulomb, F = qE with E pointing away from the position for s > 0: like signs repel.
            return (k * s * q * fall) * rHat
        case .magnetic:
            // F = q v × B with B = s along +z; the quarter turn (y, −x) makes positive s·q circle
            // counter-clockwise on screen at ω = s·q/m rad/s.
            let vm = v / Units.pointsPerMeter
            return (k * s * q) * Vec2(vm.y, -vm.x)
        case .vortex:
            // Acceleration across the radius, counter-clockwise on screen for s > 0; ∝ distance
            // with the default falloff −1.
            return (m * k * s * fall) * Vec2(rHat.y, -rHat.x)
        case .drag:
            // Stokes: F = −K·s·v(m/s) = −s·v, so speed decays as e^(−s·t/m).
            return (-k * s / Units.pointsPerMeter) * v
        case .velocity:
            return .zero
        case .noise:
            // Acceleration K·s·N in [−1, 1]² per axis; mass is ignored (O13).
            return (m * k * s) * noiseVector(f, sample)
        case .turbulence:
            // Noise scaled by speed in m/s: still items feel nothing.
            return (m * k * s * v.length / Units.pointsPerMeter) * noiseVector(f, sample)
        case .custom:
            guard let evaluate = f.evaluator else { return .zero }
            return k * evaluate(sample)
        }
    }

    /// Spatial scale of the noise, points: 20 at smoothness 0 to 400 at 1.
    static func noiseScale(_ smoothness: Double) -> Double {
        20 + 380 * Swift.min(Swift.max(smoothness, 0), 1)
    }

    static func noiseVector(_ f: FieldBehavior, _ sample: FieldSample) -> Vec2 {
        let l = noiseScale(f.smoothness)
        let p = sample.position - f.position
        let o = SimplexNoise.offset(seed: sample.noiseSeed)
        return SimplexNoise.vector(p.x / l + o.x, p.y / l + o.y, sample.time * f.animationSpeed + o.z)
    }
}
