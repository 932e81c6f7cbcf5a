"""``skat verify``: check a match's deals were fair (each as committed before its first call)."""

from __future__ import annotations

import json
import sys

import click

from solver.fair import check_record

from .io import open_lines


@click.command()
@click.argument("file", required=False, default="-")
def verify(file: str) -> None:
    """Check every deal of an exported match (FILE: deal records, as a table's records download
    gives them; '-' or none: stdin): its commitment is the SHA-256 of the revealed secret and
    cards, the cards are the secret's shuffle, and the deal as played holds those cards.

    Prints a line a deal; exit status 0 when every deal is verified, 1 when one is not (the line
    names the deal and what differs).

    \b
    Example: skat verify records.jsonl
    """
    deals = bad = 0
    for n, line in enumerate(open_lines(file), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        deals += 1
        try:
            rec = json.loads(line)
            problems = check_record(rec) if isinstance(rec, dict) else ["not a deal record (a JSON object)"]
        except json.JSONDecodeError as e:
            problems = [f"not JSON: {e.msg} at column {e.colno}"]
            rec = {}
        name = f"line {n}" + (f" (deal {rec['id']})" if isinstance(rec, dict) and rec.get("id") else "")
        if problems:
            bad += 1
            click.echo(f"{name}: NOT verified: {'; '.join(problems)}")
        else:
            click.echo(f"{name}: verified (commitment {rec['commitment'][:16]}...)")
    if deals == 0:
        raise click.ClickException(f"{file if file != '-' else 'stdin'}: no records")
    click.echo(f"{deals - bad} of {deals} deals verified", err=True)
    sys.exit(1 if bad else 0)
