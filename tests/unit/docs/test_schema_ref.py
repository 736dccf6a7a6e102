import json

from stud.docs.schema_ref import render_schema, type_text, walk
from stud.paths import SCHEMAS

SCHEMA = {
    "description": "A test schema.",
    "$defs": {"amount": {"description": "An exact amount.", "type": ["string", "number"]}},
    "required": ["stakes"],
    "properties": {
        "stakes": {
            "description": "Amounts.",
            "type": "object",
            "properties": {
                "ante": {"$ref": "#/$defs/amount", "description": "Put in first.", "default": "0"}
            },
        },
        "streets": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "name": {"type": "string", "description": "Street name."},
                    "bet": {"enum": ["small", "big", None], "default": "small"},
                },
            },
        },
    },
}


def test_walk_lists_nested_paths_with_list_markers():
    paths = [p for p, _, _ in walk(SCHEMA["properties"]["streets"], SCHEMA, "streets[].")]
    assert paths == ["streets[].name", "streets[].bet"]


def test_types_name_the_shared_definitions():
    assert type_text({"$ref": "#/$defs/amount"}, SCHEMA) == "amount"
    assert type_text({"enum": ["a", None]}, SCHEMA) == "choice or null"
    assert type_text({"type": "integer", "minimum": 2, "maximum": 10}, SCHEMA) == "integer 2..10"


def test_page_shows_descriptions_defaults_and_values():
    page = render_schema(SCHEMA)
    assert '| `stakes.ante` | amount | `"0"` |  | Put in first. |' in page
    assert "`small`, `big`, `null`" in page
    assert "| `streets[].name` | string (required) |" in page
    assert "| `amount` | An exact amount. |" in page


def test_every_property_of_the_real_schema_is_documented():
    schema = json.loads((SCHEMAS / "ruleset.schema.json").read_text(encoding="utf-8"))
    page = render_schema(schema)
    for name, sub in schema["properties"].items():
        assert f"## `{name}`" in page
        for path, _, _ in walk(sub, schema, f"{name}."):
            assert f"`{path}`" in page or f"`{path.replace(f'{name}.', f'{name}[].', 1)}`" in page
