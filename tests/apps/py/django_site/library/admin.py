from django.contrib import admin

from .models import Author, Book

admin.site.register(Author)


@admin.register(Book)
class BookAdmin(admin.ModelAdmin):
    list_display = ("title", "author", "genre", "published", "in_print")
    list_filter = ("genre", "in_print")
    search_fields = ("title",)
