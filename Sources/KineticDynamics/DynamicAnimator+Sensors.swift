// Sensors after the step: which watched items overlap each zone now, compared with the step before.
// The zones are not engine shapes: an overlap query per zone finds items with and without bodies,
// and a carried zone adds nothing to its carrier's body (mass, bounds, queries, sweeps).
import KineticPhysics

/// A sensor event, in the order the animator reports them.
public struct SensorEvent {
    public enum Kind: Hashable, Sendable { case began, ended }
    public var kind: Kind
    public var sensor: SensorBehavior
    public var item: ItemID
}

extension DynamicAnimator {
    /// Brings every sensor's `itemsInside` up to date and reports the changes (in `sensorEvents`
    /// and to the sensors' closures): every `began` of the step (sensors in tree order, items in the animator's item order), then every `ended` (the
    /// same orders). Items removed since the last step leave silently.
    func updateSensors() {
        var began: [SensorEvent] = [], ended: [SensorEvent] = []
        for case let sensor as SensorBehavior in flat where sensor.animator === self {
            let now = itemsInside(sensor)
            let before = sensor.itemsInside
            sensor.itemsInside = now
            guard now != before else { continue }
            var wasInside = [Bool](repeating: false, count: records.count)
            for id in before where isValid(id) { wasInside[Int(id.index)] = true }
            var isInside = [Bool](repeating: false, count: records.count)
            for id in now {
                isInside[Int(id.index)] = true
                if !wasInside[Int(id.index)] { began.append(SensorEvent(kind: .began, sensor: sensor, item: id)) }
            }
            for id in before where isValid(id) && !isInside[Int(id.index)] {
                ended.append(SensorEvent(kind: .ended, sensor: sensor, item: id))
            }
        }
        sensorEvents = began + ended
        for e in sensorEvents { (e.kind == .began ? e.sensor.began : e.sensor.ended)?(e.sensor, e.item) }
    }

    /// Where a sensor's zone is now: its shapes (in its own frame), its pose in reference
    /// coordinates and its size; nil when its carrier is gone.
    func zoneShapes(of sensor: SensorBehavior) -> (shapes: [Geometry], xf: Transform, size: Size)? {
        if let carrier = sensor.carrier {
            guard isValid(carrier) else { return nil }
            let carrierXf = pose(of: carrier)
            if let zone = sensor.zone, let geometry = sensor.geometry {
                return (geometry.shapes, carrierXf.multiplied(by: Transform(zone.center, zone.angle)), geometry.size)
            }
            let own = records[Int(carrier.index)].geometry
            return (own.shapes, carrierXf, own.size)
        }
        guard let zone = sensor.zone, let geometry = sensor.geometry else { return nil }
        return (geometry.shapes, Transform(zone.center, zone.angle), geometry.size)
    }

    /// The zone of a sensor in this animator as it stands: centre (reference coordinates, points),
    /// angle (radians, clockwise), size, and the axis-aligned frame around it turned (as an item's
    /// `frame`). nil when the sensor is not in this animator's tree or its carrier was removed.
    public func zone(of sensor: SensorBehavior) -> (center: Vec2, angle: Double, size: Size, frame: Rect)? {
        guard sensor.animator === self, let z = zoneShapes(of: sensor) else { return nil }
        let q = z.xf.q, s = z.size
        let hx = abs(q.c) * s.width / 2 + abs(q.s) * s.height / 2
        let hy = abs(q.s) * s.width / 2 + abs(q.c) * s.height / 2
        return (z.xf.p, q.angle, s, Rect(x: z.xf.p.x - hx, y: z.xf.p.y - hy, width: 2 * hx, height: 2 * hy))
    }

    /// The watched items whose collision shape overlaps or touches the sensor's zone now, in item order.
    func itemsInside(_ sensor: SensorBehavior) -> [ItemID] {
        guard let zone = zoneShapes(of: sensor), sensor.watchesEveryItem || !sensor.items.isEmpty else { return [] }
        let overlapping = itemSlots(overlapping: zone.shapes, at: zone.xf)
        var found: [ItemID] = []
        for index in itemOrder where overlapping[Int(index)] {
            let id = itemID(slot: Int(index))
            if sensor.watches(id) { found.append(id) }
        }
        return found
    }
}
