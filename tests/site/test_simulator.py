"""Issue 15: "a simulator page where anyone signed in pastes or uploads a scenario and
reads its outcome in words". The engine's refusal is one clear line; the input has a
size limit; visitors are sent to log in; the post needs its CSRF token; output is
escaped."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.web.simulator import MAX_SCENARIO_BYTES
from tests.kit.games import SPEC_EXAMPLE


@pytest.fixture
def signed_in(mallory):
    client = Client()
    client.force_login(mallory)
    return client


def simulate_page(client, **data):
    return client.post(reverse("simulator"), data)


@pytest.mark.django_db
def test_a_pasted_scenario_reads_in_words(signed_in):
    response = simulate_page(signed_in, scenario=json.dumps(SPEC_EXAMPLE))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Night 1" in page and "Day 1" in page
    assert "<li data-engine-text>Ann (Doctor)" in page  # the death, with its role
    assert "Lynched: Bob." in page and "Tally: Bob 2, Cid 1." in page
    assert "Cid&#x27;s check of Bob: Suspicious." in page  # every private result, in words
    assert "The game is over. Winners: Ann, Cid." in page


@pytest.mark.django_db
def test_an_uploaded_file_is_simulated_too(signed_in):
    upload = SimpleUploadedFile("game.json", json.dumps(SPEC_EXAMPLE).encode(), "application/json")
    response = signed_in.post(reverse("simulator"), {"file": upload})
    assert response.status_code == 200 and "Lynched: Bob." in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("scenario", "line"),
    [
        ({**SPEC_EXAMPLE, "ruleset": "bay13"}, "setup: unknown ruleset &#x27;bay13&#x27;"),
        (
            {**SPEC_EXAMPLE, "phases": [{"night": [{"actor": "Zed", "targets": ["Ann"]}]}]},
            "night 1: ",
        ),
        ("{not json", "This is not JSON"),
        ("", "Paste a scenario or choose a file."),
    ],
)
def test_the_engines_refusal_is_one_clear_line(signed_in, scenario, line):
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    response = simulate_page(signed_in, scenario=text)
    page = response.content.decode()
    assert response.status_code == 400
    assert 'id="refusal"' in page and line in page
    assert 'id="outcome"' not in page


@pytest.mark.django_db
def test_too_large_an_input_is_refused_unread(signed_in):
    response = simulate_page(signed_in, scenario="x" * (MAX_SCENARIO_BYTES + 1))
    assert response.status_code == 400 and "too large" in response.content.decode()
    upload = SimpleUploadedFile("big.json", b" " * (MAX_SCENARIO_BYTES + 1))
    response = signed_in.post(reverse("simulator"), {"file": upload})
    assert response.status_code == 400 and "too large" in response.content.decode()


@pytest.mark.django_db
def test_visitors_are_sent_to_log_in():
    for response in (Client().get(reverse("simulator")), Client().post(reverse("simulator"))):
        assert response.status_code == 302 and "/login/" in response["Location"]


@pytest.mark.django_db
def test_the_post_needs_its_csrf_token(mallory):
    client = Client(enforce_csrf_checks=True)
    client.force_login(mallory)
    assert client.post(reverse("simulator"), {"scenario": "{}"}).status_code == 403
    page = client.get(reverse("simulator")).content.decode()
    assert "csrfmiddlewaretoken" in page


@pytest.mark.django_db
def test_names_and_refusals_are_escaped(signed_in):
    hostile = json.loads(json.dumps(SPEC_EXAMPLE))
    hostile["players"][0]["name"] = "<img src=x onerror=alert(1)>"
    hostile["phases"] = [{"night": [{"actor": "Bob", "targets": ["<img src=x onerror=alert(1)>"]}]}]
    page = simulate_page(signed_in, scenario=json.dumps(hostile)).content.decode()
    assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    refused = simulate_page(signed_in, scenario='{"ruleset": "<b>x</b>"}').content.decode()
    assert "<b>x</b>" not in refused
