// Box2D's and LÖVE's body-type fields a ported level may still give a constructor, for
// `kinetic check`: no edit distance leads from `type = "kinematic"` to an item behaviour.
import KineticLuaBridge

enum PortedNames {
    /// Fields that name a body type (b2BodyDef.type, love.physics.newBody's type), lower-cased.
    static let typeFields: Set<String> = ["type", "bodytype", "kinematic", "anchored", "static", "dynamic"]

    /// What to write instead of field `key` of `constructor`, when it names a body type; else nil.
    static func field(_ key: String, of constructor: String) -> String? {
        switch constructor {
        case "world:addItem" where typeFields.contains(key.lowercased()):
            return peerHint(for: "setType")
        case "kinetic.itemBehavior" where key.lowercased() == "type" || key.lowercased() == "bodytype":
            return peerHint(for: "setType")
        default:
            return nil
        }
    }
}
