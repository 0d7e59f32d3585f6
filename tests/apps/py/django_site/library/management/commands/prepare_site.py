"""`manage.py prepare_site USER PASSWORD`: the schema, a superuser and two authors, in one process."""

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand

from library.models import Author


class Command(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("password")

    def handle(self, *args, username, password, **options):
        call_command("migrate", verbosity=0)
        get_user_model().objects.create_superuser(username, f"{username}@example.com", password)
        Author.objects.bulk_create([Author(name="Ursula K. Le Guin"), Author(name="Italo Calvino")])
