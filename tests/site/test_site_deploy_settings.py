"""Issue 18, item 9: the deployed configuration passes `manage.py check --deploy` clean
(HSTS, the TLS redirect behind the proxy, Secure cookies), every page carries a
Content-Security-Policy its own scripts and styles satisfy, and the embedded default
(DEBUG, plain http) keeps working."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import yaml
from django.test import Client
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]


def compose_environment() -> dict[str, str]:
    """The web service's environment in compose.yaml, its ${...} filled in as docker
    compose would with SECRET_KEY set (and nothing else set)."""
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    web = compose["services"]["web"]
    given = {"SECRET_KEY": secrets.token_urlsafe(50)}

    def fill(value) -> str:
        return re.sub(r"\$\{([^}]*)\}", lambda m: _substitute(m.group(1), given), str(value))

    return {k: fill(v) for k, v in web["environment"].items()}


def _substitute(expression: str, given: dict[str, str]) -> str:
    for operator in (":-", ":?"):
        if operator in expression:
            name, default = expression.split(operator, 1)
            if name in given:
                return given[name]
            assert operator == ":-", f"compose.yaml needs {name} set"
            return default
    return given.get(expression, "")


def dockerfile_environment() -> dict[str, str]:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    found = {}
    for line in text.splitlines():
        if line.startswith("ENV "):
            for name, value in re.findall(r"(\w+)=(\S+)", line):
                found[name] = value
    return found


def test_check_deploy_is_clean_with_the_deployed_environment():
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "DATABASE_URL", "REDIS_URL")}
    env.update(dockerfile_environment())
    env.update(compose_environment())
    env["PYTHONPATH"] = str(ROOT)
    assert env["DEBUG"] == "false"
    proc = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output
    assert "System check identified no issues" in output, output


def test_every_page_has_a_content_security_policy(client, db):
    response = client.get(reverse("lobby"))
    policy = response.headers["Content-Security-Policy"]
    directives = dict(
        (part.split()[0], part.split()[1:]) for part in policy.split(";") if part.strip()
    )
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]  # no inline script, no eval
    assert directives["style-src"] == ["'self'"]  # no inline style
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["object-src"] == ["'none'"]
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy


def test_no_template_has_inline_script_or_style():
    """What the policy forbids is not in the site's own markup."""
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag, f"{path}: inline <script>"
        assert "<style" not in text, f"{path}: a <style> block"
        assert not re.search(r"\sstyle=", text), f"{path}: a style attribute"
        assert not re.search(r"\son[a-z]+=", text), f"{path}: an inline event handler"


def test_the_embedded_default_serves_plain_http(db):
    """DEBUG (make run): no redirect to https, cookies without Secure."""
    response = Client().get(reverse("login"))
    assert response.status_code == 200
    assert "Strict-Transport-Security" not in response.headers
    assert "secure" not in str(response.cookies.get("csrftoken", "")).lower()
