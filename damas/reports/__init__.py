"""Printed reports: plain-data context builders rendered to PDF with WeasyPrint."""
