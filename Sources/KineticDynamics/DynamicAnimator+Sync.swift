// Bringing the engine in line with the behaviour tree before a step: bodies for referenced items,
// materials from item behaviours (O8), collision membership and filtering, boundaries and joints.
import KineticPhysics

extension DynamicAnimator {
    /// Applies every change made since the last step. Cheap when nothing changed.
    func synchronize() {
        refreshTree()
        if needsSync {
            needsSync = false
            syncItems()
            for b in flat { b.synchronize(in: self) }
        }
        if !wakeQueue.isEmpty {
            for id in wakeQueue where isValid(id) {
                let body = records[Int(id.index)].body
                if !body.isNull, world.type(of: body) == .dynamic { world.setAwake(true, of: body) }
            }
            wakeQueue.removeAll(keepingCapacity: true)
        }
    }

    /// Bodies exist exactly for the items some behaviour in the tree lists.
    func syncItems() {
        var referenced = [Bool](repeating: false, count: records.count)
        let materials = resolveMaterials()
        var itemCollisions = [[Int]](repeating: [], count: records.count)
        var boundaryCollisions = [[Int]](repeating: [], count: records.count)

        for b in flat {
            if b.drivesItems { for id in b.items where isValid(id) { referenced[Int(id.index)] = true } }
            if let c = b as? CollisionBehavior {
                for id in c.items where isValid(id) {
                    if c.collisionMode.contains(.items) { itemCollisions[Int(id.index)].append(c.attachSerial) }
                    if c.collisionMode.contains(.boundaries) { boundaryCollisions[Int(id.index)].append(c.attachSerial) }
                }
            }
        }
        syncedBehaviorChanges = behaviorChanges
        pendingMaterials = nil

        for i in itemOrder.map(Int.init) {
            records[i].material = materials[i]
            let items = itemCollisions[i].sorted(), boundaries = boundaryCollisions[i].sorted()
            let membershipChanged = items != records[i].collidesWithItemsOf || boundaries != records[i].collidesWithBoundariesOf
            records[i].collidesWithItemsOf = items
            records[i].collidesWithBoundariesOf = boundaries
            if referenced[i] {
                if records[i].body.isNull {
                    createBody(forSlot: i)
                } else {
                    applyMaterial(toSlot: i)
                    if membershipChanged { applyFilter(toSlot: i, refilter: true) }
                }
            } else if !records[i].body.isNull {
                destroyBody(ofSlot: i)
            }
        }
    }

    /// Every item slot's material. O8: defaults, then each item behaviour's explicitly set
    /// properties, earliest added first so the most recently added one wins per property.
    func resolveMaterials() -> [Material] {
        refreshTree()
        var materials = [Material](repeating: Material(), count: records.count)
        let itemBehaviors = flat.compactMap { $0 as? DynamicItemBehavior }.sorted { $0.attachSerial < $1.attachSerial }
        for ib in itemBehaviors {
            for id in ib.items where isValid(id) { ib.overlay(on: &materials[Int(id.index)]) }
        }
        return materials
    }

    /// Gives an item's body now the material the next step would give it, when item behaviours
    /// changed since the last: a velocity written in the callback that anchors an item is dropped
    /// and one written in the callback that frees it is kept, as UIKit does. The next step's sync
    /// then finds the material already applied.
    func applyPendingMaterial(toSlot i: Int) {
        guard behaviorChanges != syncedBehaviorChanges, !records[i].body.isNull else { return }
        records[i].material = pendingMaterial(ofSlot: i)
        applyMaterial(toSlot: i)
    }

    /// The material the next step gives the item, for reads and writes made after item behaviours
    /// changed (`behaviorChanges != syncedBehaviorChanges`; until then `records[i].material` is it).
    func pendingMaterial(ofSlot i: Int) -> Material {
        if pendingMaterials?.changes != behaviorChanges { pendingMaterials = (behaviorChanges, resolveMaterials()) }
        let materials = pendingMaterials!.materials
        return i < materials.count ? materials[i] : records[i].material
    }

    // MARK: - Bodies

    func createBody(forSlot i: Int) {
        let r = records[i]
        let m = r.material
        var def = BodyDef()
        def.type = m.bodyType
        def.position = r.center
        def.angle = r.angle
        def.linearVelocity = m.anchored ? .zero : r.velocity
        def.angularVelocity = m.anchored || !m.allowsRotation ? 0 : r.angularVelocity
        def.linearDamping = Units.resistanceRate * m.resistance
        def.angularDamping = Units.resistanceRate * m.angularResistance
        def.fixedRotation = !m.allowsRotation
        def.userData = i
        let body: BodyID
        do { body = try world.createBody(def) } catch {
            warn("\(label(itemID(slot: i))): the engine refused its body: \(error)")
            return
        }
        records[i].body = body
        records[i].shapes = makeShapes(forSlot: i, on: body)
        records[i].appliedMaterial = m
        simulatedItemCount += 1
        // The item's velocity was given for its center; the body may turn about another point.
        if !m.anchored, r.velocity != .zero, r.angularVelocity != 0 {
            try? setVelocity(r.velocity, of: itemID(slot: i))
        }
    }

    /// The engine shapes of an item's geometry, with its material and collision filter.
    func makeShapes(forSlot i: Int, on body: BodyID) -> [ShapeID] {
        let m = records[i].material
        var shapeDef = ShapeDef()
        shapeDef.density = m.density * Units.densityScale
        shapeDef.friction = m.friction
        shapeDef.restitution = m.elasticity
        shapeDef.userData = i
        shapeDef.isSensor = records[i].isSensor
        shapeDef.oneWay = records[i].oneWay
        shapeDef.filter = filter(forSlot: i)
        var shapes: [ShapeID] = []
        for g in records[i].geometry.shapes {
            if let s = try? world.createShape(on: body, shapeDef, g) { shapes.append(s) }
        }
        return shapes
    }

    /// Drops the body; the item keeps its position and angle, and loses its velocity (UIKit: an
    /// item has a body only while some behaviour references it).
    func destroyBody(ofSlot i: Int) {
        let body = records[i].body
        guard !body.isNull else { return }
        if world.isValid(body) {
            records[i].center = world.position(of: body)
            records[i].angle = world.angle(of: body)
            world.destroyBody(body)
        }
        records[i].velocity = .zero
        records[i].angularVelocity = 0
        records[i].body = .null
        records[i].shapes = []
        records[i].appliedMaterial = nil
        simulatedItemCount -= 1
        forgetPairs(involvingSlot: i)
    }

    func itemID(slot i: Int) -> ItemID {
        ItemID(index: Int32(i), generation: itemPool.generation(Int32(i)), animator: serial)
    }

    func applyMaterial(toSlot i: Int) {
        let m = records[i].material
        guard let old = records[i].appliedMaterial, old != m else { return }
        let body = records[i].body
        if old.bodyType != m.bodyType {
            world.setType(m.bodyType, of: body)
        }
        if old.density != m.density { for s in records[i].shapes { world.setDensity(m.density * Units.densityScale, of: s) } }
        if old.friction != m.friction { for s in records[i].shapes { world.setFriction(m.friction, of: s) } }
        if old.elasticity != m.elasticity { for s in records[i].shapes { world.setRestitution(m.elasticity, of: s) } }
        if old.resistance != m.resistance { world.setLinearDamping(Units.resistanceRate * m.resistance, of: body) }
        if old.angularResistance != m.angularResistance {
            world.setAngularDamping(Units.resistanceRate * m.angularResistance, of: body)
        }
        if old.allowsRotation != m.allowsRotation {
            world.setFixedRotation(!m.allowsRotation, of: body)
            if !m.allowsRotation { try? world.setAngularVelocity(0, of: body) }
        }
        records[i].appliedMaterial = m
        if world.type(of: body) != .static { world.setAwake(true, of: body) }
    }

    /// Items in no collision behaviour, and sensor items, collide with nothing (a zero mask keeps
    /// them out of the pair search); the others are sorted out by `shouldCollide`.
    func filter(forSlot i: Int) -> Filter {
        let r = records[i]
        if r.isSensor || (r.collidesWithItemsOf.isEmpty && r.collidesWithBoundariesOf.isEmpty) {
            return Filter(categoryBits: 1, maskBits: 0)
        }
        return Filter()
    }

    func applyFilter(toSlot i: Int, refilter: Bool) {
        let f = filter(forSlot: i)
        for s in records[i].shapes {
            if world.filter(of: s) != f { world.setFilter(f, of: s) }
            if refilter { world.refilter(s) }
        }
        if world.type(of: records[i].body) == .dynamic { world.setAwake(true, of: records[i].body) }
    }

    /// The static body at the origin that anchor-type joints attach to.
    func groundBody() -> BodyID {
        if ground.isNull || !world.isValid(ground) {
            var def = BodyDef()
            def.type = .static
            def.userData = -1
            ground = (try? world.createBody(def)) ?? .null
        }
        return ground
    }

    /// The body of a live item, creating it if the tree changed since the last sync.
    func body(of id: ItemID) -> BodyID {
        guard isValid(id) else { return .null }
        let i = Int(id.index)
        if records[i].body.isNull { createBody(forSlot: i) }
        return records[i].body
    }

    /// Current pose of a live item (center and rotation), whether or not it has a body.
    func pose(of id: ItemID) -> Transform {
        guard isValid(id) else { return .identity }
        let r = records[Int(id.index)]
        return r.body.isNull ? Transform(r.center, r.angle) : world.transform(of: r.body)
    }
}
