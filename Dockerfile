FROM python:3.11-slim
WORKDIR /app
COPY . .
RUN pip install --no-cache-dir -e .
CMD ["python", "-m", "engine", "simulate", "--ruleset", "micromafik", "--games", "10", "--json"]
