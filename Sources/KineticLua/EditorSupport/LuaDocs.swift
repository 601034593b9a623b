// Types and one-line docs for every bound Lua name: the side table `LuaLSDefinitions` joins to
// `APISurface`. Names are spelled as `APISurface.allNames` spells them; a test fails on a bound name
// that has no entry here, so a new binding cannot reach editors undocumented.

/// The type and doc of one Lua name, in LuaLS notation.
struct LuaDoc {
    /// A property's or field's LuaLS type (`number`, `kinetic.Point?`), or a function's signature
    /// `param: type, other?: type -> result, result` (no arrow: returns nothing).
    var type: String
    /// One line: meaning, units, default.
    var doc: String
    init(_ type: String, _ doc: String) { self.type = type; self.doc = doc }
}

/// String enums, as LuaLS `---@alias` lines: alias name → (values, doc).
let luaAliases: [(name: String, values: [String], doc: String)] = [
    ("kinetic.Bounds", ["rectangle", "ellipse", "path"], "Collision outline of an item (UIKit's collisionBoundsType)."),
    ("kinetic.QueryBounds", WorldBinding.queryBounds, "Outline of the shape world:itemsOverlapping tests."),
    ("kinetic.PushMode", ["continuous", "instantaneous"], "How a push applies its force."),
    ("kinetic.CollisionMode", CollisionBinding.modes, "What a collision behaviour makes its items collide with."),
    ("kinetic.FieldKind", FieldBinding.kinds, "The kind of a field behaviour."),
    ("kinetic.PointerPhase", ["began", "moved", "ended"], "Phase of a pointer (mouse or touch) event."),
    ("kinetic.AttachmentKind", ["distance", "pin", "fixed", "limit", "sliding"], "The kind of an attachment."),
    ("kinetic.AnimatorEvent", ["pause", "resume"], "Animator delegate events: at rest / moving again."),
    ("kinetic.TextAlign", ["left", "center", "right"], "Horizontal alignment of HUD text."),
]

/// Shapes that are not userdata: LuaLS classes with their fields (type, doc).
let luaShapes: [(name: String, doc: String, fields: [(String, String, String)])] = [
    ("kinetic.Vec", "A point or vector in points, y down: {x, y} or {x = .., y = ..}; the runtime returns {x = .., y = ..}.",
     [("x", "number", "Points, to the right."), ("y", "number", "Points, downward.")]),
    ("kinetic.Rect", "A frame in points: {x, y, width, height} or keyed; x, y is the top-left corner.",
     [("x", "number", "Left edge, points."), ("y", "number", "Top edge, points."),
      ("width", "number", "Points."), ("height", "number", "Points.")]),
    ("kinetic.Range", "A range {min, max} or {min = .., max = ..}; either end may be ±math.huge.",
     [("min", "number", "Lower end."), ("max", "number", "Upper end.")]),
    ("kinetic.Insets", "Insets of the reference bounds used as a boundary, points.",
     [("top", "number?", "Points."), ("left", "number?", "Points."), ("bottom", "number?", "Points."), ("right", "number?", "Points.")]),
    ("kinetic.Boundary", "A named collision boundary: a segment from→to or a polyline path.",
     [("id", "string", "Identifier passed to began/ended."), ("from", "kinetic.Point?", "Segment start, points."),
      ("to", "kinetic.Point?", "Segment end, points."), ("path", "kinetic.Point[]?", "Polyline, points."),
      ("closed", "boolean?", "Close the path into a loop.")]),
    ("kinetic.Part", "One convex part of an item made of parts (UIDynamicItemGroup); frames are relative to the item centre.",
     [("bounds", "kinetic.Bounds?", "Outline of the part (default \"rectangle\", \"path\" when path is given)."),
      ("frame", "kinetic.Frame?", "Placement relative to the item centre, points."), ("center", "kinetic.Point?", "Centre relative to the item centre, points."),
      ("size", "kinetic.Point?", "{w, h}, points."), ("path", "kinetic.Point[]?", "Convex polygon relative to the part centre, points."),
      ("angle", "number?", "Rotation of the part, radians.")]),
    ("kinetic.PointerEvent", "A pointer event as level.pointer and world:pointer take it.",
     [("phase", "kinetic.PointerPhase", "\"began\", \"moved\" or \"ended\" (default \"began\" when injected)."),
      ("x", "number", "Points."), ("y", "number", "Points, y down."),
      ("vx", "number?", "Velocity estimate, points/s (default 0)."), ("vy", "number?", "Velocity estimate, points/s (default 0)."),
      ("id", "integer?", "Pointer id (default 1).")]),
    ("kinetic.Drag", "A drag world:drag performs, stepping the world through its duration.",
     [("from", "kinetic.Point", "Start, points."), ("to", "kinetic.Point", "End, points."),
      ("duration", "number?", "Seconds (default 0.25)."), ("release", "boolean?", "End with an \"ended\" event (default true).")]),
    ("kinetic.RayHit", "One hit of world:raycast or world:raycastAll: an item or a boundary, where the ray enters it.",
     [("item", "kinetic.Item?", "The item hit (nil for a boundary)."),
      ("boundary", "string?", "The boundary id hit, \"bounds\" for the reference bounds (nil for an item)."),
      ("point", "kinetic.Vec", "Where the ray enters, points."),
      ("normal", "kinetic.Vec", "Unit normal of the outline there, out of the item; for a boundary, the side facing the ray's start."),
      ("fraction", "number", "Distance from `from` as a fraction of the ray's length, 0…1.")]),
    ("kinetic.QueryShape", "The shape world:itemsOverlapping tests, spelled as an item's definition.",
     [("center", "kinetic.Point", "Centre, points."), ("size", "kinetic.Point", "{w, h}, points, each above 0."),
      ("bounds", "kinetic.QueryBounds?", "Outline (default \"rectangle\"); an ellipse is inscribed in the size."),
      ("angle", "number?", "Rotation, radians, clockwise (default 0).")]),
    ("kinetic.ItemState", "One item in world:snapshot().",
     [("name", "string?", "The item's name."), ("center", "kinetic.Vec", "Points."), ("angle", "number", "Radians, clockwise."),
      ("velocity", "kinetic.Vec", "Points/s."), ("angularVelocity", "number", "Radians/s.")]),
    ("kinetic.TextOptions", "Options of canvas:text.",
     [("size", "number?", "Font size, points."), ("color", "kinetic.Color?", "Default black."), ("align", "kinetic.TextAlign?", "Default \"left\".")]),
    ("kinetic.ShapeOptions", "Options of canvas:rect and canvas:circle.",
     [("fill", "kinetic.Color?", "Fill colour."), ("stroke", "kinetic.Color?", "Outline colour.")]),
    ("kinetic.LineOptions", "Options of canvas:line.",
     [("color", "kinetic.Color?", "Line colour."), ("width", "number?", "Line width, points.")]),
]

/// Plain type aliases (not string enums).
let luaTypeAliases: [(name: String, type: String, doc: String)] = [
    ("kinetic.Point", "[number, number]|{x?: number, y?: number}", "A point or vector {x, y} or {x = .., y = ..}, points."),
    ("kinetic.Frame", "[number, number, number, number]|{x?: number, y?: number, width?: number, height?: number}",
     "A frame {x, y, width, height} or keyed, points."),
    ("kinetic.RangeValue", "[number, number]|{min?: number, max?: number}", "A range {min, max} or keyed; either end may be ±math.huge."),
    ("kinetic.Color", "string", "\"#rrggbb\", \"#rrggbbaa\" or a CSS colour name."),
    ("kinetic.AnyBehavior", "kinetic.Behavior|kinetic.Gravity|kinetic.Collision|kinetic.Push|kinetic.Snap|kinetic.Attachment|kinetic.ItemBehavior|kinetic.Field",
     "Any behaviour."),
    ("kinetic.Action", "fun(world: kinetic.World, dt: number)", "Called after every step while the behaviour is in the world; dt in seconds."),
]

/// Types and docs keyed by `APISurface.allNames` spelling, plus `level.<name>` and scenario globals.
/// Constructor fields without an entry use the property of the type they build (`kinetic.gravity{magnitude}`
/// → `Gravity.magnitude`); behaviour types fall back to `Behavior.<name>`.
let luaDocs: [String: LuaDoc] = [
    // MARK: kinetic module
    "kinetic.behavior": LuaDoc("def: kinetic.BehaviorDef -> kinetic.Behavior", "A composite behaviour: children act together."),
    "kinetic.gravity": LuaDoc("def: kinetic.GravityDef -> kinetic.Gravity", "Gravity for its items; one gravity per world, as in UIKit."),
    "kinetic.collision": LuaDoc("def: kinetic.CollisionDef -> kinetic.Collision", "Makes its items collide with each other and/or boundaries."),
    "kinetic.push": LuaDoc("def: kinetic.PushDef -> kinetic.Push", "A continuous or instantaneous force on its items."),
    "kinetic.snap": LuaDoc("def: kinetic.SnapDef -> kinetic.Snap", "Moves an item to a point with a damped spring-like motion."),
    "kinetic.attachment": LuaDoc("def: kinetic.AttachmentDef -> kinetic.Attachment", "Item–anchor or item–item distance attachment; rigid when frequency = 0, spring otherwise."),
    "kinetic.pin": LuaDoc("def: kinetic.PinDef -> kinetic.Attachment", "Revolute attachment of two items at an anchor."),
    "kinetic.fixed": LuaDoc("def: kinetic.FixedDef -> kinetic.Attachment", "Weld: two items held rigidly together at an anchor."),
    "kinetic.limit": LuaDoc("def: kinetic.LimitDef -> kinetic.Attachment", "Rope: distance at most `length`."),
    "kinetic.sliding": LuaDoc("def: kinetic.SlidingDef -> kinetic.Attachment", "Prismatic attachment: motion along an axis only."),
    "kinetic.itemBehavior": LuaDoc("def: kinetic.ItemBehaviorDef -> kinetic.ItemBehavior", "Material properties of its items (UIDynamicItemBehavior)."),
    "kinetic.field": LuaDoc("def: kinetic.FieldDef -> kinetic.Field", "A force field (UIFieldBehavior) acting on its items inside its region."),
    "kinetic.load": LuaDoc("path: string, options?: kinetic.LoadOptions -> kinetic.World, kinetic.Level, table",
                           "Loads a level headless (path relative to the scenario file): world, level table, state."),
    "kinetic.world": LuaDoc("def?: kinetic.WorldDef -> kinetic.World", "An empty headless world to build a scene in directly."),
    "kinetic.region": LuaDoc("kinetic.RegionModule", "Field regions: kinetic.region{radius = r} or {size = {w, h}}, and constants."),
    "kinetic.region.infinite": LuaDoc("kinetic.Region", "The region that contains every point (a field's default)."),
    "kinetic.region.empty": LuaDoc("kinetic.Region", "The region that contains no point."),

    // MARK: constructor fields that are not properties
    "kinetic.behavior{children}": LuaDoc("kinetic.AnyBehavior[]?", "Child behaviours."),
    "kinetic.collision{boundaries}": LuaDoc("kinetic.Boundary[]?", "Named boundaries {id=, from=, to=} or {id=, path=}."),
    "kinetic.region{radius}": LuaDoc("number?", "A disc of this radius around the field's position, points."),
    "kinetic.region{size}": LuaDoc("kinetic.Point?", "A rectangle {w, h} centred on the field's position, points."),
    "kinetic.world{width}": LuaDoc("number?", "Reference width, points (default 375)."),
    "kinetic.world{height}": LuaDoc("number?", "Reference height, points (default 667)."),
    "kinetic.world{fps}": LuaDoc("number?", "Fixed steps per second (default 60)."),
    "kinetic.world{substeps}": LuaDoc("integer?", "Solver substeps per step (>= 1)."),
    "kinetic.world{seed}": LuaDoc("integer?", "Seed of math.random and noise fields (default 0)."),
    "kinetic.load{seed}": LuaDoc("integer?", "Overrides the level's seed."),
    "kinetic.load{width}": LuaDoc("number?", "Overrides the level's reference width, points."),
    "kinetic.load{height}": LuaDoc("number?", "Overrides the level's reference height, points."),
    "world:addItem{center}": LuaDoc("kinetic.Point?", "Initial centre, points (with size)."),
    "world:addItem{size}": LuaDoc("kinetic.Point?", "{w, h}, points (with center)."),
    "world:addItem{path}": LuaDoc("kinetic.Point[]?", "Convex polygon relative to the centre, points, for bounds = \"path\"; non-convex is an error (use parts)."),
    "world:addItem{parts}": LuaDoc("kinetic.Part[]?", "One rigid item made of convex parts (concave outlines)."),
    "world:addItem{frame}": LuaDoc("kinetic.Frame?", "Initial placement {x, y, w, h}, points."),
    "world:addItem{angle}": LuaDoc("number?", "Initial rotation, radians, clockwise (default 0)."),
    "world:addItem{bounds}": LuaDoc("kinetic.Bounds?", "Collision outline (default \"rectangle\", \"path\" when path is given)."),
    "world:addItem{name}": LuaDoc("string?", "Unique name: carries state across hot reloads, appears in errors."),

    // MARK: World
    "World.width": LuaDoc("number", "Reference width, points (read)."),
    "World.height": LuaDoc("number", "Reference height, points (read)."),
    "World.bounds": LuaDoc("kinetic.Rect", "Reference bounds {x = 0, y = 0, width, height}, points (read)."),
    "World.time": LuaDoc("number", "Elapsed simulated seconds (read)."),
    "World.steps": LuaDoc("integer", "Fixed steps taken (read)."),
    "World.fps": LuaDoc("number", "Fixed steps per second (read)."),
    "World.substeps": LuaDoc("integer", "Solver substeps per step (read)."),
    "World.running": LuaDoc("boolean", "False while the animator is paused because everything is at rest (read)."),
    "World.debug": LuaDoc("boolean", "Draw collision outlines, attachments, contacts and field vectors."),
    "World.seed": LuaDoc("integer", "The seed in force (read)."),
    "World:addItem": LuaDoc("def: kinetic.ItemDef -> kinetic.Item", "Adds a dynamic item."),
    "World:removeItem": LuaDoc("item: kinetic.Item", "Removes an item from the world and its behaviours."),
    "World:item": LuaDoc("name: string -> kinetic.Item?", "The item with this name, or nil."),
    "World:items": LuaDoc(" -> kinetic.Item[]", "Every item, in creation order."),
    "World:itemsIn": LuaDoc("frame: kinetic.Frame -> kinetic.Item[]", "Items whose frame intersects the frame (points)."),
    "World:itemsAt": LuaDoc("point: kinetic.Point -> kinetic.Item[]",
                            "Items whose collision shape contains the point (points), topmost first: larger z, then the later-added."),
    "World:raycast": LuaDoc("from: kinetic.Point, to: kinetic.Point -> kinetic.RayHit?",
                            "The first item or boundary the ray from `from` to `to` enters (points), or nil."),
    "World:raycastAll": LuaDoc("from: kinetic.Point, to: kinetic.Point -> kinetic.RayHit[]",
                               "Every item and boundary the ray enters, nearest first (fraction ascending), each once."),
    "World:itemsOverlapping": LuaDoc("shape: kinetic.QueryShape -> kinetic.Item[], string[]",
                                     "Items (topmost first) and boundary ids (\"bounds\" for the reference bounds) whose collision shapes overlap or touch the shape."),
    "World:addBehavior": LuaDoc("behavior: kinetic.AnyBehavior", "Adds a behaviour to the world."),
    "World:removeBehavior": LuaDoc("behavior: kinetic.AnyBehavior", "Removes a behaviour."),
    "World:removeAllBehaviors": LuaDoc("", "Removes every behaviour."),
    "World:behaviors": LuaDoc(" -> kinetic.AnyBehavior[]", "The behaviours in the world."),
    "World:on": LuaDoc("event: kinetic.AnimatorEvent, handler: fun(world: kinetic.World)", "Animator delegate: \"pause\" at rest, \"resume\" moving again."),
    "World:step": LuaDoc("n?: integer", "Advances n fixed steps (default 1), headless."),
    "World:run": LuaDoc("seconds: number", "Advances the simulated seconds, headless."),
    "World:runUntil": LuaDoc("condition: fun(): boolean, timeout: number -> boolean",
                             "Steps, then asks condition after every step: true once it holds, false after timeout simulated seconds."),
    "World:pointer": LuaDoc("event: kinetic.PointerEvent", "Injects a pointer event as a user would."),
    "World:drag": LuaDoc("drag: kinetic.Drag", "Injects a drag, stepping the world through its duration."),
    "World:key": LuaDoc("name: string, down?: boolean", "Injects a key press (down = true, the default) or release."),
    "World:snapshot": LuaDoc(" -> kinetic.ItemState[]", "Every item's name, center, angle, velocity, angularVelocity."),
    "World:screenshot": LuaDoc("path: string", "Renders the current frame, HUD included, to a PNG (path relative to the calling script's folder)."),
    "World:replay": LuaDoc("path: string -> boolean, string?", "Replays a recording (path relative to the calling script) on this world: its inputs at their steps; returns whether the final state matches the recorded one, and why not."),

    // MARK: Item
    "Item.name": LuaDoc("string?", "The item's name (read)."),
    "Item.center": LuaDoc("kinetic.Vec", "Centre, points; writing teleports and keeps velocity."),
    "Item.x": LuaDoc("number", "Centre x, points; writing teleports and keeps velocity."),
    "Item.y": LuaDoc("number", "Centre y, points (y down); writing teleports and keeps velocity."),
    "Item.angle": LuaDoc("number", "Rotation, radians, clockwise; writing keeps velocity."),
    "Item.velocity": LuaDoc("kinetic.Vec", "Linear velocity, points/s."),
    "Item.angularVelocity": LuaDoc("number", "Angular velocity, radians/s, clockwise."),
    "Item.size": LuaDoc("kinetic.Vec", "Size {x = width, y = height}, points (read)."),
    "Item.frame": LuaDoc("kinetic.Rect", "Axis-aligned frame, points (read)."),
    "Item.mass": LuaDoc("number", "Mass in UIKit units: area × density / 10000 (read)."),
    "Item.bounds": LuaDoc("kinetic.Bounds", "Collision outline (read)."),
    "Item.fill": LuaDoc("kinetic.Color?", "Fill colour."),
    "Item.stroke": LuaDoc("kinetic.Color?", "Outline colour."),
    "Item.strokeWidth": LuaDoc("number?", "Outline width, points."),
    "Item.cornerRadius": LuaDoc("number?", "Corner radius of a rectangle, points (drawing only)."),
    "Item.opacity": LuaDoc("number?", "0…1 (default 1)."),
    "Item.image": LuaDoc("string?", "PNG path relative to the level folder."),
    "Item.label": LuaDoc("string?", "Text drawn on the item."),
    "Item.labelColor": LuaDoc("kinetic.Color?", "Colour of the label."),
    "Item.labelSize": LuaDoc("number?", "Font size of the label, points."),
    "Item.z": LuaDoc("number?", "Drawing order: higher draws on top (default 0)."),
    "Item.hidden": LuaDoc("boolean?", "Not drawn (still simulated)."),
    "Item.removed": LuaDoc("boolean", "True once the item was removed (read)."),
    "Item.world": LuaDoc("kinetic.World", "The world the item is in (read)."),
    "Item:moveTo": LuaDoc("x: number, y: number, angle?: number", "Teleports the centre (points, radians) and stops the item."),

    // MARK: every behaviour
    "Behavior.kind": LuaDoc("string", "The behaviour's kind (attachments: kinetic.AttachmentKind) (read)."),
    "Behavior.items": LuaDoc("kinetic.Item[]", "The items it acts on (read; constructor field `items`)."),
    "Behavior.action": LuaDoc("kinetic.Action?", "Called (world, dt) after every step while in the world."),
    "Behavior.children": LuaDoc("kinetic.AnyBehavior[]", "Child behaviours (read)."),
    "Behavior.world": LuaDoc("kinetic.World?", "The world it is in, or nil (read)."),
    "Behavior:addItem": LuaDoc("item: kinetic.Item", "Adds an item to act on."),
    "Behavior:removeItem": LuaDoc("item: kinetic.Item", "Stops acting on an item."),
    "Behavior:addChild": LuaDoc("child: kinetic.AnyBehavior", "Adds a child behaviour."),
    "Behavior:removeChild": LuaDoc("child: kinetic.AnyBehavior", "Removes a child behaviour."),

    // MARK: Gravity
    "Gravity.direction": LuaDoc("kinetic.Point", "Gravity vector; 1.0 = 1000 points/s² (default {0, 1})."),
    "Gravity.angle": LuaDoc("number", "Direction angle, radians, clockwise from +x (default π/2)."),
    "Gravity.magnitude": LuaDoc("number", "Strength; 1.0 = 1000 points/s² (default 1)."),

    // MARK: Collision
    "Collision.mode": LuaDoc("kinetic.CollisionMode", "What items collide with (default \"everything\")."),
    "Collision.referenceBounds": LuaDoc("boolean|kinetic.Insets", "Use the reference bounds as a boundary (true, or insets in points; default false)."),
    "Collision.boundaries": LuaDoc("kinetic.Boundary[]", "Named boundaries."),
    "Collision.began": LuaDoc("fun(a: kinetic.Item, b: kinetic.Item|string, point: kinetic.Vec)?",
                              "Contact began; b is an item or a boundary id (\"bounds\" for the reference bounds)."),
    "Collision.ended": LuaDoc("fun(a: kinetic.Item, b: kinetic.Item|string)?", "Contact ended; b is an item or a boundary id."),
    "Collision:addBoundary": LuaDoc("boundary: kinetic.Boundary", "Adds {id=, from=, to=} or {id=, path=}."),
    "Collision:removeBoundary": LuaDoc("id: string", "Removes the boundary with this id."),
    "Collision:boundaryIds": LuaDoc(" -> string[]", "Ids of the named boundaries."),

    // MARK: Push
    "Push.mode": LuaDoc("kinetic.PushMode", "Continuous force or one impulse (default \"continuous\"; read after creation)."),
    "Push.direction": LuaDoc("kinetic.Point", "Force vector; magnitude 1 accelerates a 100×100 item at 100 points/s² (default {0, 0})."),
    "Push.angle": LuaDoc("number", "Direction angle, radians, clockwise from +x."),
    "Push.magnitude": LuaDoc("number", "Force magnitude, UIKit newtons (default 0)."),
    "Push.active": LuaDoc("boolean", "Applying (default true); instantaneous pushes set it false after they apply."),
    "Push.offset": LuaDoc("kinetic.Point", "Point of application from the centre, points (default {0, 0})."),

    // MARK: Snap
    "Snap.item": LuaDoc("kinetic.Item", "The snapped item (read after creation)."),
    "Snap.point": LuaDoc("kinetic.Point", "Snap point, points."),
    "Snap.damping": LuaDoc("number", "0…1 oscillation damping (default 0.5)."),

    // MARK: Attachment
    "Attachment.item": LuaDoc("kinetic.Item", "The attached item (read after creation)."),
    "Attachment.to": LuaDoc("kinetic.Item?", "The other item, or nil for an anchor in the world (read after creation)."),
    "Attachment.anchor": LuaDoc("kinetic.Point", "Anchor point in the world, points; writing it drags the item."),
    "Attachment.offset": LuaDoc("kinetic.Point", "Attachment point from the item's centre, points (default {0, 0})."),
    "Attachment.toOffset": LuaDoc("kinetic.Point", "Attachment point from the other item's centre, points (default {0, 0})."),
    "Attachment.axis": LuaDoc("kinetic.Point", "Sliding axis (sliding only)."),
    "Attachment.length": LuaDoc("number", "Distance between the attachment points, points (default: their distance at creation)."),
    "Attachment.damping": LuaDoc("number", "Spring damping ratio (default 0)."),
    "Attachment.frequency": LuaDoc("number", "Spring frequency, Hz; 0 = rigid (default 0)."),
    "Attachment.frictionTorque": LuaDoc("number", "Resisting torque of a pin (default 0)."),
    "Attachment.range": LuaDoc("kinetic.RangeValue", "Pin: angle range, radians; sliding: travel along the axis, points (default unlimited)."),

    // MARK: ItemBehavior
    "ItemBehavior.elasticity": LuaDoc("number", "Restitution 0…1 (default 0)."),
    "ItemBehavior.friction": LuaDoc("number", "Sliding friction (default 0)."),
    "ItemBehavior.density": LuaDoc("number", "Mass per area; 1 gives a 100×100 item mass 1 (default 1)."),
    "ItemBehavior.resistance": LuaDoc("number", "Linear damping 0…CGFloat max (default 0)."),
    "ItemBehavior.angularResistance": LuaDoc("number", "Angular damping (default 0)."),
    "ItemBehavior.allowsRotation": LuaDoc("boolean", "Items may rotate (default true)."),
    "ItemBehavior.charge": LuaDoc("number", "Electric charge for electric and magnetic fields (default 0)."),
    "ItemBehavior.anchored": LuaDoc("boolean", "Items are static: they collide but never move (default false)."),
    "ItemBehavior:addLinearVelocity": LuaDoc("item: kinetic.Item, vx: number, vy: number", "Adds velocity, points/s."),
    "ItemBehavior:linearVelocity": LuaDoc("item: kinetic.Item -> number, number", "The item's velocity vx, vy, points/s."),
    "ItemBehavior:addAngularVelocity": LuaDoc("item: kinetic.Item, w: number", "Adds angular velocity, radians/s."),
    "ItemBehavior:angularVelocity": LuaDoc("item: kinetic.Item -> number", "The item's angular velocity, radians/s."),

    // MARK: Field
    "Field.kind": LuaDoc("kinetic.FieldKind", "The field's kind (read; required in the constructor)."),
    "Field.position": LuaDoc("kinetic.Point", "Centre of the field and its region, points (default {0, 0})."),
    "Field.region": LuaDoc("kinetic.Region", "Where the field acts (default kinetic.region.infinite)."),
    "Field.strength": LuaDoc("number", "Strength, UIKit units (default 1)."),
    "Field.falloff": LuaDoc("number", "Exponent of the distance falloff (default depends on the kind)."),
    "Field.minimumRadius": LuaDoc("number", "Distances below this are clamped, points (default 5)."),
    "Field.direction": LuaDoc("kinetic.Point", "Direction of linearGravity and velocity fields (default {0, 0})."),
    "Field.smoothness": LuaDoc("number", "Noise smoothness 0…1 (default 0)."),
    "Field.animationSpeed": LuaDoc("number", "Noise animation speed, per second (default 0)."),
    "Field.evaluate": LuaDoc("fun(x: number, y: number, vx: number, vy: number, mass: number, charge: number, time: number): number, number",
                             "Custom field force (fx, fy) at a point, UIKit newtons; required for kind \"custom\"."),

    // MARK: Region, Canvas
    "Region:inverse": LuaDoc(" -> kinetic.Region", "Every point not in this region."),
    "Region:union": LuaDoc("other: kinetic.Region -> kinetic.Region", "Points in either region."),
    "Region:intersection": LuaDoc("other: kinetic.Region -> kinetic.Region", "Points in both regions."),
    "Region:difference": LuaDoc("other: kinetic.Region -> kinetic.Region", "Points in this region and not in other."),
    "Region:contains": LuaDoc("x: number, y: number -> boolean", "Whether the point (relative to the field position, points) is inside."),
    "Canvas:text": LuaDoc("s: string, x: number, y: number, options?: kinetic.TextOptions", "Draws text at x, y (points)."),
    "Canvas:rect": LuaDoc("x: number, y: number, w: number, h: number, options?: kinetic.ShapeOptions", "Draws a rectangle, points."),
    "Canvas:circle": LuaDoc("x: number, y: number, r: number, options?: kinetic.ShapeOptions", "Draws a circle, points."),
    "Canvas:line": LuaDoc("x1: number, y1: number, x2: number, y2: number, options?: kinetic.LineOptions", "Draws a line, points."),

    // MARK: the level table
    "level.title": LuaDoc("string?", "Window title."),
    "level.width": LuaDoc("number?", "Reference width, points (default 375)."),
    "level.height": LuaDoc("number?", "Reference height, points (default 667)."),
    "level.background": LuaDoc("kinetic.Color?", "Background colour (default white)."),
    "level.fps": LuaDoc("number?", "Fixed steps per second (default 60)."),
    "level.substeps": LuaDoc("integer?", "Solver substeps per step (>= 1)."),
    "level.seed": LuaDoc("integer?", "Seed of math.random and noise fields (default 0)."),
    "level.duration": LuaDoc("number?", "Seconds a headless run lasts when the command line gives none."),
    "level.load": LuaDoc("world: kinetic.World, state: table", "Builds the scene; state survives hot reloads. Required."),
    "level.update": LuaDoc("world: kinetic.World, dt: number", "Before every fixed step; dt in seconds."),
    "level.pointer": LuaDoc("world: kinetic.World, e: kinetic.PointerEvent", "A pointer event: phase, x, y (points), vx, vy (points/s), id."),
    "level.key": LuaDoc("world: kinetic.World, key: string, down: boolean", "A key press or release: \"space\", \"left\", \"a\", \"r\", ..."),
    "level.draw": LuaDoc("world: kinetic.World, canvas: kinetic.Canvas", "HUD drawn over the scene, every rendered frame."),
    "level.reloaded": LuaDoc("world: kinetic.World, state: table", "After a hot reload was applied."),

    // MARK: scenario globals (`kinetic test`)
    "scenario": LuaDoc("name: string, fn: fun()", "Registers a scenario case."),
    "expect": LuaDoc("value: any, message?: string", "Fails the case when value is false or nil."),
    "expectNear": LuaDoc("actual: number, expected: number, tolerance: number, message?: string",
                         "Fails the case when |actual - expected| > tolerance."),
    "expectError": LuaDoc("fn: fun(), pattern?: string", "Fails the case unless fn raises an error matching the Lua pattern."),
]

/// The globals scenario files get, in the order the definitions list them.
let scenarioGlobals = ["scenario", "expect", "expectNear", "expectError"]
