// Sensors after the step: which watched items overlap each zone now, compared with the step before.
// The zones are not engine shapes: an overlap query per zone finds items with and without bodies,
// and a carried zone adds nothing to its carrier's body (mass, bounds, queries, sweeps).
import Physics

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

    /// The watched items whose collision shape overlaps or touches the sensor's zone now, in item order.
    func itemsInside(_ sensor: SensorBehavior) -> [ItemID] {
        let shapes: [Geometry], xf: Transform
        if let carrier = sensor.carrier {
            guard isValid(carrier) else { return [] }
            let carrierXf = pose(of: carrier)
            if let zone = sensor.zone, let geometry = sensor.geometry {
                shapes = geometry.shapes
                xf = carrierXf.multiplied(by: Transform(zone.center, zone.angle))
            } else {
                shapes = records[Int(carrier.index)].geometry.shapes
                xf = carrierXf
            }
        } else if let zone = sensor.zone, let geometry = sensor.geometry {
            shapes = geometry.shapes
            xf = Transform(zone.center, zone.angle)
        } else {
            return []
        }
        if !sensor.watchesEveryItem && sensor.items.isEmpty { return [] }
        let overlapping = itemSlots(overlapping: shapes, at: xf)
        var found: [ItemID] = []
        for index in itemOrder where overlapping[Int(index)] {
            let id = itemID(slot: Int(index))
            if sensor.watches(id) { found.append(id) }
        }
        return found
    }
}
