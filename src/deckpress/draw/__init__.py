"""Draw stage: laid-out pages to PDF with ReportLab (render), the fonts, the finish, and kits."""
