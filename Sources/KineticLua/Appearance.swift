// How an item looks: kept per item in this layer (Dynamics knows only geometry and motion).
import SceneDescription

/// An item's appearance, with the defaults `world:addItem` gives.
struct Appearance {
    /// Interior colour; nil leaves it empty. Default grey (#999999).
    var fill: Color? = Color(red: 0.6, green: 0.6, blue: 0.6)
    /// Outline colour; nil draws none.
    var stroke: Color?
    /// Outline width, points.
    var strokeWidth = 1.0
    /// Corner radius of rectangle items, points.
    var cornerRadius = 0.0
    /// 0 (invisible) … 1 (opaque).
    var opacity = 1.0
    /// PNG path relative to the level folder.
    var image: String?
    /// Text centred on the item.
    var label: String?
    var labelColor = Color.black
    /// Label font size, points.
    var labelSize = 14.0
    /// Draw order: higher on top.
    var z = 0.0
    var hidden = false
}
