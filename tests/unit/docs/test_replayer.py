import json
import re
from pathlib import Path

from stud.cli import main
from stud.docs.replayer import frames_from_calls, render_page


def _data(page: str) -> list[dict]:
    match = re.search(r"const HANDS = (.*);\n", page)
    assert match
    return json.loads(match.group(1))


def test_page_embeds_hands_safely_and_loads_nothing_from_the_network():
    evil = "</script><script>alert(1)</script>"
    frames = frames_from_calls(
        [
            {
                "op": "new_hand",
                "request": {"seats": [{"seat": 1, "name": evil, "stack": "1"}]},
                "reply": {"street": "third", "seats": [{"seat": 1, "name": evil}]},
            }
        ]
    )
    page = render_page([{"key": "k", "title": evil, "frames": frames}], "T <b>")
    assert evil not in page and "<script>alert" not in page
    assert "<title>T &lt;b&gt;</title>" in page
    assert _data(page)[0]["title"] == evil  # the data survives, escaped for the script
    assert not re.search(r"(src|href)=\"(https?:)?//", page)  # offline: nothing fetched


def test_stud_replay_html_steps_through_saved_hands(tmp_path: Path, capsys):
    hands = tmp_path / "hands"
    assert main(["play", "seven-card-stud", "--hands", "2", "--save", str(hands)]) == 0
    out = tmp_path / "hands.html"
    assert main(["replay", str(hands), "--html", str(out)]) == 0
    assert f"wrote {out} (2 hands)" in capsys.readouterr().out
    data = _data(out.read_text(encoding="utf-8"))
    assert [h["key"] for h in data] == ["hand-00001.json", "hand-00002.json"]
    for hand in data:
        history = json.loads((hands / hand["key"]).read_text(encoding="utf-8"))
        assert len(hand["frames"]) == len(history["actions"]) + 1
        assert hand["frames"][0]["caption"] == "The cards are dealt"
        assert hand["frames"][-1]["state"]["result"] is not None


def test_stud_replay_html_shows_every_hand_of_a_phhs_file_and_names_those_left_out(
    tmp_path: Path, capsys
):
    phh = Path(__file__).resolve().parents[2] / "data" / "phh"
    good = (phh / "f7s-showdown.phh").read_text(encoding="utf-8")
    many = tmp_path / "hands.phhs"
    many.write_text(f'[1]\n{good}\n[2]\n{good}\n[3]\nvariant = "F7S"\n', encoding="utf-8")
    out = tmp_path / "hands.html"
    main(["replay", str(many), "--html", str(out)])
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith(f"wrote {out} (2 hands); left out 1: [3]: "), line
    assert [h["key"] for h in _data(out.read_text(encoding="utf-8"))] == ["[1]", "[2]"]
