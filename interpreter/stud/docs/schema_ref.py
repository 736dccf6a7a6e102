"""The ruleset file reference, generated from ``schemas/ruleset.schema.json``.

Every property's description, type, default and allowed values come from the schema, so
this page changes exactly when the schema does.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from stud.docs.markdown import header, table
from stud.errors import StudError

Schema = Mapping[str, Any]


def load_schema(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise StudError(f"{path}: cannot read the ruleset schema: {exc}") from None
    if not isinstance(data, dict):
        raise StudError(f"{path}: the ruleset schema is not a JSON object")
    return data


def _resolve(node: Schema, root: Schema) -> Schema:
    seen = 0
    while "$ref" in node and seen < 20:
        ref = str(node["$ref"])
        if not ref.startswith("#/"):
            return node
        target: Any = root
        for part in ref[2:].split("/"):
            target = target.get(part, {}) if isinstance(target, Mapping) else {}
        merged = dict(target)
        merged.update({k: v for k, v in node.items() if k != "$ref"})
        node, seen = merged, seen + 1
    return node


def _alternatives(node: Schema, root: Schema) -> list[Schema]:
    for key in ("oneOf", "anyOf"):
        if key in node:
            return [_resolve(x, root) for x in node[key]]
    return []


def type_text(node: Schema, root: Schema) -> str:
    """A short human type: ``amount``, ``integer >= 2``, ``list of street``, ``... or null``."""
    ref = str(node.get("$ref", ""))
    if ref.startswith("#/$defs/"):
        return ref.rsplit("/", 1)[-1].replace("_", " ")
    node = _resolve(node, root)
    alts = _alternatives(node, root)
    if alts:
        texts = list(dict.fromkeys(type_text(a, root) for a in alts))
        return " or ".join(texts)
    if "const" in node:
        return json.dumps(node["const"])
    if "enum" in node:
        return "choice" + (" or null" if None in node["enum"] else "")
    kind = node.get("type", "any")
    if isinstance(kind, list):
        return " or ".join(type_text({**node, "type": k}, root) for k in kind)
    if kind == "array":
        raw = node.get("items", {})
        inner = _resolve(raw, root).get("title") or type_text(raw, root)
        return f"list of {inner}"
    if kind == "object" and node.get("title"):
        return str(node["title"])
    if kind in ("integer", "number"):
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            return f"{kind} {low}..{high}"
        if low is not None:
            return f"{kind} >= {low}"
        return f"{kind} <= {high}" if high is not None else str(kind)
    if kind == "string" and node.get("format"):
        return f"string ({node['format']})"
    return str(kind)


def _enum(node: Schema, root: Schema) -> list[Any]:
    node = _resolve(node, root)
    if "enum" in node:
        return list(node["enum"])
    values: list[Any] = []
    for alt in _alternatives(node, root):
        values += [v for v in _enum(alt, root) if v not in values]
    if node.get("type") == "array":
        values += _enum(node.get("items", {}), root)
    return values


def _default(node: Schema) -> str:
    if "default" not in node:
        return ""
    return json.dumps(node["default"], ensure_ascii=False)


def _object_props(node: Schema, root: Schema) -> tuple[Schema, set[str]] | None:
    node = _resolve(node, root)
    if "properties" in node:
        return node["properties"], set(node.get("required", ()))
    for alt in _alternatives(node, root):
        found = _object_props(alt, root)
        if found:
            return found
    if node.get("type") == "array" or "items" in node:
        return _object_props(node.get("items", {}), root)
    return None


def walk(node: Schema, root: Schema, prefix: str = "") -> Iterator[tuple[str, Schema, bool]]:
    """Every property below ``node``: (dotted path, its schema, required)."""
    found = _object_props(node, root)
    if not found:
        return
    props, required = found
    for name, raw in props.items():
        sub = _resolve(raw, root)
        path = f"{prefix}{name}"
        yield path, raw, name in required
        yield from walk(sub, root, f"{path}[]." if _is_list(sub, root) else f"{path}.")


def _is_list(node: Schema, root: Schema) -> bool:
    return node.get("type") == "array" or ("items" in node and not _alternatives(node, root))


def render_schema(schema: Schema, source: str = "schemas/ruleset.schema.json") -> str:
    out = [header(source, "Ruleset reference")]
    if schema.get("description"):
        out += [str(schema["description"]), ""]
    out.append(
        "A ruleset is a YAML file. Amounts are exact decimals: write them as strings "
        '(`"0.10"`) or integers. A file may start with `extends: <ruleset>` and give only '
        "what it changes. Each section below is one top-level key; a `[]` in a path means "
        "every item of a list."
    )
    props = schema.get("properties", {})
    required = set(schema.get("required", ()))
    for name, sub in props.items():
        node = _resolve(sub, schema)
        out += ["", f"## `{name}`", ""]
        desc = str(node.get("description", "")).strip()
        facts = [f"Type: {type_text(sub, schema)}."]
        facts.append("Required." if name in required else "Optional.")
        if _default(node):
            facts.append(f"Default: `{_default(node)}`.")
        out += [desc, "", " ".join(facts)] if desc else [" ".join(facts)]
        rows = []
        prefix = f"{name}[]." if _is_list(node, schema) else f"{name}."
        for path, raw, req in walk(node, schema, prefix):
            child = _resolve(raw, schema)
            values = ", ".join(
                f"`{json.dumps(v)}`" if v is None else f"`{v}`" for v in _enum(child, schema)
            )
            rows.append(
                [
                    f"`{path}`",
                    type_text(raw, schema) + ("" if not req else " (required)"),
                    f"`{_default(child)}`" if _default(child) else "",
                    values,
                    str(child.get("description", "")).strip(),
                ]
            )
        if rows:
            out += ["", table(["Key", "Type", "Default", "Values", "Meaning"], rows)]
        choices = _enum(node, schema)
        if choices and not rows:
            out += ["", "Values: " + ", ".join(f"`{v}`" for v in choices)]
    types = render_types(schema)
    if types:
        out += ["", "## Value types", "", types]
    return "\n".join(out).rstrip() + "\n"


def render_types(schema: Schema) -> str:
    """The shared value types (``$defs``) with their descriptions."""
    defs = schema.get("$defs", {})
    rows = [
        [f"`{name.replace('_', ' ')}`", str(node.get("description", "")).strip()]
        for name, node in defs.items()
        if not node.get("properties")
    ]
    return table(["Type", "Meaning"], rows) if rows else ""
